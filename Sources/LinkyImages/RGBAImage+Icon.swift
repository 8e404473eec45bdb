extension RGBAImage {
    /// The largest picture of an icon file (`.ico`: `ICONDIR`, then 16-byte entries of width, height,
    /// colours, reserved, planes, bits, size and offset). A picture is a PNG (icons made since Windows
    /// Vista) or a bitmap without its file header (every `favicon.ico` before): 1, 4, 8, 24 or 32 bits
    /// a pixel, rows from the bottom, with the mask of 1 bit a pixel after them that says which are
    /// transparent. Every offset and size is checked against the file before it is read.
    static func decodeIcon(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> RGBAImage {
        guard bytes.count >= 6 else { throw .undecodable("ICO: cut short") }
        var best: (side: Int, range: Range<Int>)?
        for entry in 0..<Self.little(bytes, 4, 2) {
            let at = 6 + entry * 16
            guard at + 16 <= bytes.count else { break }
            let side = bytes[at] == 0 ? 256 : Int(bytes[at])
            let size = Self.little(bytes, at + 8, 4)
            let offset = Self.little(bytes, at + 12, 4)
            guard size >= 40, offset >= 6, offset <= bytes.count - size, side > (best?.side ?? 0) else { continue }
            best = (side, offset..<offset + size)
        }
        guard let best else { throw .undecodable("ICO: no picture in the icon file") }
        let picture = Array(bytes[best.range])
        if ImageFormat(sniffing: picture) == .png { return try decode(picture, limits: limits) }
        return try decodeBitmap(picture, limits: limits)
    }

    /// A bitmap of an icon file: `BITMAPINFOHEADER` (40 bytes), the palette, the colour rows and the mask.
    private static func decodeBitmap(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> RGBAImage {
        func fail(_ reason: String) -> ImageError { .undecodable("ICO: \(reason)") }
        guard little(bytes, 0, 4) >= 40 else { throw fail("not a bitmap") }
        let headerSize = little(bytes, 0, 4)
        let width = Int(Int32(truncatingIfNeeded: little(bytes, 4, 4)))
        // The height counts the colour rows and the mask's.
        let height = Int(Int32(truncatingIfNeeded: little(bytes, 8, 4))) / 2
        let bits = little(bytes, 14, 2)
        let compression = little(bytes, 16, 4)
        guard width > 0, height > 0, width <= 256, height <= 256, width * height <= limits.maxPixels else {
            throw fail("a bitmap of \(width) × \(height) pixels")
        }
        guard compression == 0, [1, 4, 8, 24, 32].contains(bits) else {
            throw fail("a bitmap of \(bits) bits a pixel, compressed (\(compression))")
        }
        var offset = headerSize
        var palette: [[UInt8]] = []
        if bits <= 8 {
            let used = little(bytes, 32, 4)
            let count = used == 0 || used > 1 << bits ? 1 << bits : used
            guard offset + count * 4 <= bytes.count else { throw fail("cut short") }
            palette = (0..<count).map { index in
                let at = offset + index * 4
                return [bytes[at + 2], bytes[at + 1], bytes[at]]
            }
            offset += count * 4
        }
        let rowBytes = (width * bits + 31) / 32 * 4
        let maskRowBytes = (width + 31) / 32 * 4
        let maskStart = offset + rowBytes * height
        guard maskStart <= bytes.count else { throw fail("cut short") }
        // The mask may be left out of a 32-bit bitmap, whose alpha says it all.
        let hasMask = maskStart + maskRowBytes * height <= bytes.count
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var anyAlpha = false
        for row in 0..<height {
            let source = offset + (height - 1 - row) * rowBytes
            for x in 0..<width {
                let target = (row * width + x) * 4
                switch bits {
                case 32:
                    let at = source + x * 4
                    pixels[target] = bytes[at + 2]
                    pixels[target + 1] = bytes[at + 1]
                    pixels[target + 2] = bytes[at]
                    pixels[target + 3] = bytes[at + 3]
                    if bytes[at + 3] != 0 { anyAlpha = true }
                case 24:
                    let at = source + x * 3
                    pixels[target] = bytes[at + 2]
                    pixels[target + 1] = bytes[at + 1]
                    pixels[target + 2] = bytes[at]
                    pixels[target + 3] = 255
                default:
                    let bit = x * bits
                    let byte = bytes[source + bit / 8]
                    let index = Int(byte >> (8 - bits - bit % 8)) & (1 << bits - 1)
                    let colour = index < palette.count ? palette[index] : [0, 0, 0]
                    pixels[target] = colour[0]
                    pixels[target + 1] = colour[1]
                    pixels[target + 2] = colour[2]
                    pixels[target + 3] = 255
                }
            }
        }
        // The mask (1: transparent) decides, unless a 32-bit bitmap carries its own alpha.
        if hasMask, !(bits == 32 && anyAlpha) {
            for row in 0..<height {
                let source = maskStart + (height - 1 - row) * maskRowBytes
                for x in 0..<width where bytes[source + x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                    pixels[(row * width + x) * 4 + 3] = 0
                }
            }
        } else if bits == 32, !anyAlpha {
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The little-endian number of `count` bytes at `offset`; 0 past the end.
    private static func little(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        guard offset >= 0, offset + count <= bytes.count else { return 0 }
        return (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
}
