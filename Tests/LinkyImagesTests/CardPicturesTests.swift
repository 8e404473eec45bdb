import Testing

@testable import LinkyImages

@Suite struct CardPicturesTests {
    /// A noisy photograph-like picture (the hardest to compress): each pixel from a generator.
    static func noise(width: Int, height: Int) -> RGBAImage {
        var generator = SeededGenerator(seed: 7)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            let value = UInt64.random(in: 0...UInt64.max, using: &generator)
            pixels += [UInt8(value & 255), UInt8(value >> 8 & 255), UInt8(value >> 16 & 255), 255]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A smooth picture, as photographs mostly are: a gradient with a circle.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inside =
                    (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < height * height / 9
                pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), inside ? 40 : 200, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aLargePictureGivesOneAndTwoTimesAndAPrintJPEG() throws {
        let variants = try CardPictures.preview(Self.gradient(width: 1200, height: 630))
        #expect(variants.map(\.suffix) == ["400w.webp", "800w.webp", "400w.jpg"])
        #expect(variants.map(\.width) == [400, 800, 400])
        #expect(variants.map(\.height) == [210, 420, 210])
        for variant in variants {
            #expect(variant.bytes.count <= CardPictures.maxPreviewBytes, "\(variant.suffix): \(variant.bytes.count)")
            let decoded = try RGBAImage.decode(variant.bytes)
            #expect(decoded.width == variant.width && decoded.height == variant.height)
            #expect(ImageFormat(sniffing: variant.bytes) == (variant.suffix.hasSuffix("jpg") ? .jpeg : .webp))
        }
    }

    /// Noise does not compress: the 2× file is left out and the 1× one made smaller until it fits.
    @Test func everyFileFitsTheLimitEvenForNoise() throws {
        let variants = try CardPictures.preview(Self.noise(width: 1200, height: 630))
        #expect(!variants.isEmpty)
        for variant in variants {
            #expect(variant.bytes.count <= CardPictures.maxPreviewBytes, "\(variant.suffix): \(variant.bytes.count)")
        }
        #expect(variants.allSatisfy { $0.width <= 400 })
    }

    @Test func aSmallPictureIsNotEnlarged() throws {
        let picture = try RGBAImage.decode(try Fixture.bytes("photo.jpg"))
        let variants = try CardPictures.preview(picture)
        #expect(variants.map(\.suffix) == ["240w.webp", "240w.jpg"])
        // A tall one fits the box by its height.
        let tall = try CardPictures.preview(Self.noise(width: 300, height: 900))
        #expect(tall.first?.width == 133 && tall.first?.height == 400)
    }

    @Test func iconsAreSmallWebPAndAPrintPNG() throws {
        let variants = try CardPictures.icon(Self.noise(width: 180, height: 180))
        #expect(variants.map(\.suffix) == ["32w.webp", "64w.webp", "32w.png"])
        #expect(ImageFormat(sniffing: variants[2].bytes) == .png)
        let tiny = try CardPictures.icon(Self.noise(width: 16, height: 16))
        #expect(tiny.map(\.suffix) == ["16w.webp", "16w.png"])
    }
}
