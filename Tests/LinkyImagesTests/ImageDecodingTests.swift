import Foundation
import Testing

@testable import LinkyImages

/// The fixtures (`Fixtures/make_fixtures.py`): 240 × 120 pictures, red on the left half, blue on the
/// right, the top-left corner transparent where the format has alpha; and hostile files.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    /// The pixel at `x`, `y` as (r, g, b, a).
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let index = (y * image.width + x) * 4
        return (
            Int(image.pixels[index]), Int(image.pixels[index + 1]), Int(image.pixels[index + 2]),
            Int(image.pixels[index + 3])
        )
    }

    static func isRed(_ pixel: (Int, Int, Int, Int)) -> Bool { pixel.0 > 170 && pixel.2 < 90 && pixel.3 == 255 }
    static func isBlue(_ pixel: (Int, Int, Int, Int)) -> Bool { pixel.2 > 170 && pixel.0 < 90 && pixel.3 == 255 }
}

@Suite struct ImageFormatTests {
    @Test(arguments: [
        ("photo.jpg", ImageFormat.jpeg), ("progressive.jpg", .jpeg), ("cmyk.jpg", .jpeg), ("alpha.png", .png),
        ("palette.png", .png), ("lossy.webp", .webp), ("animated.gif", .gif), ("script.svg", .svg),
    ])
    func theFormatComesFromTheBytes(name: String, format: ImageFormat) throws {
        #expect(ImageFormat(sniffing: try Fixture.bytes(name)) == format)
    }

    @Test func anHTMLPageOrTextIsNoPicture() throws {
        #expect(ImageFormat(sniffing: try Fixture.bytes("page.html")) == nil)
        #expect(ImageFormat(sniffing: Array("just text".utf8)) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
        // An SVG after a byte-order mark, a declaration, a comment and a doctype is still one.
        let svg = "\u{FEFF}<?xml version=\"1.0\"?><!-- made by hand --><!DOCTYPE svg><svg/>"
        #expect(ImageFormat(sniffing: Array(svg.utf8)) == .svg)
        #expect(ImageFormat(sniffing: Array("<html><svg/></html>".utf8)) == nil)
    }
}

@Suite struct ImageDecodingTests {
    @Test(arguments: [
        "photo.jpg", "progressive.jpg", "cmyk.jpg", "alpha.png", "palette.png", "lossy.webp", "alpha.webp",
        "animated.gif",
    ])
    func eachFormatDecodesToItsPixels(name: String) throws {
        let image = try RGBAImage.decode(try Fixture.bytes(name))
        #expect(image.width == 240 && image.height == 120)
        #expect(Fixture.isRed(Fixture.pixel(image, 60, 60)), "\(Fixture.pixel(image, 60, 60))")
        #expect(Fixture.isBlue(Fixture.pixel(image, 180, 60)), "\(Fixture.pixel(image, 180, 60))")
    }

    @Test(arguments: ["alpha.png", "palette.png", "alpha.webp"])
    func transparencyIsKept(name: String) throws {
        let image = try RGBAImage.decode(try Fixture.bytes(name))
        #expect(Fixture.pixel(image, 5, 5).3 == 0)
        #expect(!image.isOpaque)
        #expect(try RGBAImage.decode(try Fixture.bytes("photo.jpg")).isOpaque)
    }

    @Test func grayPicturesComeOutGray() throws {
        for name in ["gray.jpg", "gray16.png"] {
            let image = try RGBAImage.decode(try Fixture.bytes(name))
            let (r, g, b, a) = Fixture.pixel(image, 60, 60)
            #expect(r == g && g == b && a == 255, "\(name)")
        }
    }

    @Test func aGIFGivesItsFirstFrame() throws {
        // The second frame is green all over.
        let image = try RGBAImage.decode(try Fixture.bytes("animated.gif"))
        #expect(Fixture.isRed(Fixture.pixel(image, 10, 10)) && Fixture.isBlue(Fixture.pixel(image, 230, 110)))
    }

    @Test func anInterlacedGIFHasItsRowsInPlace() throws {
        let bytes = try Fixture.bytes("interlaced.gif")
        #expect(try Self.firstFrameIsInterlaced(bytes))
        #expect(try !Self.firstFrameIsInterlaced(try Fixture.bytes("animated.gif")))
        // Blue above, red below: a row decoded into another pass's place would show the wrong colour.
        let image = try RGBAImage.decode(bytes)
        for y in [0, 1, 2, 3, 4, 7, 8, 30, 58, 61, 90, 118, 119] {
            for x in [0, 120, 239] {
                let pixel = Fixture.pixel(image, x, y)
                #expect(y < 60 ? Fixture.isBlue(pixel) : Fixture.isRed(pixel), "row \(y): \(pixel)")
            }
        }
    }

    /// The interlace flag of a GIF's first image descriptor, found by walking its blocks.
    static func firstFrameIsInterlaced(_ bytes: [UInt8]) throws -> Bool {
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 7) + 1) }
        while index < bytes.count {
            switch bytes[index] {
            case 0x2C: return bytes[index + 9] & 0x40 != 0
            case 0x21:
                index += 2
                while bytes[index] != 0 { index += Int(bytes[index]) + 1 }
                index += 1
            default: throw ImageError.notAPicture
            }
        }
        throw ImageError.notAPicture
    }

    @Test func anIconFileGivesItsLargestPNG() throws {
        #expect(ImageFormat(sniffing: try Fixture.bytes("icon.ico")) == .ico)
        let icon = try RGBAImage.decode(try Fixture.bytes("icon.ico"))
        #expect(icon.width == 64 && icon.height == 64)
        #expect(Fixture.isRed(Fixture.pixel(icon, 16, 40)) && Fixture.isBlue(Fixture.pixel(icon, 48, 40)))
        // An entry pointing past the end of the file is no picture.
        var damaged = try Fixture.bytes("icon.ico")
        damaged.removeLast(200)
        let largest = try RGBAImage.decode(damaged)
        #expect(largest.width == 32)
    }

    /// The older `favicon.ico`: bitmaps of 32 bits (with alpha), 24 and 8, red on the left, blue on
    /// the right.
    @Test(arguments: ["bitmap.ico", "bitmap24.ico", "bitmap8.ico"])
    func anIconOfBitmapsIsRead(name: String) throws {
        let icon = try RGBAImage.decode(try Fixture.bytes(name))
        #expect(icon.width == 32 && icon.height == 32)
        #expect(Fixture.isRed(Fixture.pixel(icon, 8, 20)), "\(Fixture.pixel(icon, 8, 20))")
        #expect(Fixture.isBlue(Fixture.pixel(icon, 24, 20)), "\(Fixture.pixel(icon, 24, 20))")
        if name == "bitmap.ico" {
            // Its own alpha: rows are stored bottom up, and the transparent corner is at the top.
            #expect(Fixture.pixel(icon, 1, 1).3 == 0 && Fixture.pixel(icon, 1, 30).3 == 255)
        }
    }

    /// The mask of 1 bit a pixel after the colour rows, bottom row first, says which are transparent.
    @Test func anIconsMaskMakesPixelsTransparent() throws {
        var bytes = try Fixture.bytes("bitmap24.ico")
        let offset = Int(bytes[18]) | Int(bytes[19]) << 8 | Int(bytes[20]) << 16
        // 40 bytes of header, 32 rows of 96 bytes, then 32 mask rows of 4 bytes: the top row is the last.
        let topMaskRow = offset + 40 + 32 * 96 + 31 * 4
        bytes[topMaskRow] = 0x80
        let icon = try RGBAImage.decode(bytes)
        #expect(Fixture.pixel(icon, 0, 0).3 == 0)
        #expect(Fixture.pixel(icon, 1, 0).3 == 255 && Fixture.pixel(icon, 0, 31).3 == 255)
    }

    @Test func aOneBitIconIsReadAndDamagedBitmapsAreErrors() throws {
        let icon = try RGBAImage.decode(try Fixture.bytes("bitmap1.ico"))
        #expect(icon.width == 32 && icon.height == 32)
        #expect(Fixture.pixel(icon, 8, 20) == (255, 255, 255, 255) && Fixture.pixel(icon, 24, 20) == (0, 0, 0, 255))
        // Cut inside the colour rows: an error, not a crash or a guess.
        var cut = try Fixture.bytes("bitmap24.ico")
        cut.removeLast(cut.count / 2)
        #expect(throws: ImageError.self) { try RGBAImage.decode(cut) }
    }

    @Test func aPixelBombIsRefusedFromItsHeader() throws {
        for name in ["bomb.png", "bomb.gif"] {
            let started = ContinuousClock.now
            let error = #expect(throws: ImageError.self) { try RGBAImage.decode(try Fixture.bytes(name)) }
            #expect(error?.description.contains("pixels") == true || error?.description.contains("too large") == true)
            // Nothing was decoded: refusing takes no time (a decoded 30,000 × 30,000 picture is 3.6 GB).
            #expect(ContinuousClock.now - started < .seconds(2), "\(name)")
        }
        var small = ImageLimits.standard
        small.maxPixels = 240 * 120 - 1
        #expect(throws: ImageError.self) { try RGBAImage.decode(try Fixture.bytes("photo.jpg"), limits: small) }
    }

    @Test func aDamagedOrCutPictureIsAnError() throws {
        for name in ["truncated.jpg", "truncated.png"] {
            #expect(throws: ImageError.self, "\(name)") { try RGBAImage.decode(try Fixture.bytes(name)) }
        }
        var bytes = try Fixture.bytes("lossy.webp")
        bytes.removeLast(bytes.count / 2)
        #expect(throws: ImageError.self) { try RGBAImage.decode(bytes) }
    }

    @Test func whatIsNotADecodablePictureSaysSo() throws {
        #expect(throws: ImageError.notAPicture) { try RGBAImage.decode(try Fixture.bytes("page.html")) }
        #expect(throws: ImageError.unsupported(.svg)) { try RGBAImage.decode(try Fixture.bytes("script.svg")) }
        var limits = ImageLimits.standard
        limits.maxBytes = 100
        let photo = try Fixture.bytes("photo.jpg")
        #expect(throws: ImageError.tooManyBytes(limit: 100)) { try RGBAImage.decode(photo, limits: limits) }
    }

    /// Every prefix of every fixture, and each with one byte changed: an error or a picture, never a crash.
    @Test func damagedBytesNeverCrash() throws {
        for name in [
            "photo.jpg", "progressive.jpg", "alpha.png", "palette.png", "lossy.webp", "animated.gif", "icon.ico",
            "bitmap.ico", "bitmap8.ico", "bitmap1.ico",
        ] {
            let bytes = try Fixture.bytes(name)
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                _ = try? RGBAImage.decode(Array(bytes.prefix(length)))
            }
            var generator = SeededGenerator(seed: UInt64(bytes.count))
            for _ in 0..<200 {
                var changed = bytes
                changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
                _ = try? RGBAImage.decode(changed)
            }
        }
    }
}

/// A small deterministic generator (splitmix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
