import Testing

@testable import LinkyImages

@Suite struct ImageResizingTests {
    @Test func aSmallerPictureKeepsItsColoursAndTransparency() throws {
        let image = try RGBAImage.decode(try Fixture.bytes("alpha.png"))
        let small = image.resized(width: 100, height: 50)
        #expect(small.width == 100 && small.height == 50)
        #expect(Fixture.isRed(Fixture.pixel(small, 25, 25)))
        #expect(Fixture.isBlue(Fixture.pixel(small, 75, 25)))
        #expect(Fixture.pixel(small, 1, 1).3 == 0)
    }

    /// Transparent black beside opaque red: in premultiplied alpha the edge is a less opaque red, not
    /// a darker one.
    @Test func transparentPixelsLendNoColour() {
        var pixels: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<40 { pixels += x < 20 ? [220, 30, 30, 255] : [0, 0, 0, 0] }
        }
        let small = RGBAImage(width: 40, height: 20, pixels: pixels).resized(width: 10, height: 5)
        let edge = Fixture.pixel(small, 5, 2)
        #expect(edge.3 > 0 && edge.3 < 255, "\(edge)")
        #expect(edge.0 > 200 && edge.1 < 50, "\(edge)")
    }

    @Test func aSolidPictureStaysSolid() {
        let pixel: [UInt8] = [10, 200, 90, 255]
        let solid = RGBAImage(width: 37, height: 23, pixels: Array(Array(repeating: pixel, count: 37 * 23).joined()))
        for (width, height) in [(10, 6), (37, 23), (80, 50), (1, 1)] {
            let resized = solid.resized(width: width, height: height)
            for index in stride(from: 0, to: resized.pixels.count, by: 4) {
                #expect(Array(resized.pixels[index..<index + 4]) == [10, 200, 90, 255], "\(width)×\(height)")
            }
        }
    }

    @Test func fittingKeepsProportionsAndNeverEnlarges() throws {
        let image = try RGBAImage.decode(try Fixture.bytes("photo.jpg"))
        for (maxWidth, maxHeight, width, height) in [(120, 120, 120, 60), (400, 400, 240, 120), (1000, 30, 60, 30)] {
            let size = image.fitting(maxWidth: maxWidth, maxHeight: maxHeight)
            #expect(size.width == width && size.height == height, "\(maxWidth)×\(maxHeight)")
        }
    }

    @Test(arguments: ["webp", "jpeg", "png"])
    func encodedPicturesDecodeToTheSameColours(format: String) throws {
        let image = try RGBAImage.decode(try Fixture.bytes("alpha.png"))
        let bytes: [UInt8] =
            switch format {
            case "webp": try image.webp(quality: 80)
            case "jpeg": try image.jpeg(quality: 85)
            default: try image.png()
            }
        let decoded = try RGBAImage.decode(bytes)
        #expect(decoded.width == 240 && decoded.height == 120)
        #expect(Fixture.isRed(Fixture.pixel(decoded, 60, 60)))
        #expect(Fixture.isBlue(Fixture.pixel(decoded, 180, 60)))
        // JPEG has no alpha: transparency goes to white; the others keep it.
        let corner = Fixture.pixel(decoded, 3, 3)
        if format == "jpeg" {
            #expect(corner.0 > 240 && corner.1 > 240 && corner.2 > 240 && corner.3 == 255, "\(corner)")
        } else {
            #expect(corner.3 == 0)
        }
    }
}
