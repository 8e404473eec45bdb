import CLinkyImageCodecs

/// A decoded picture: 8-bit RGBA pixels with straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA pixels of the size given")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes `bytes` with Debian's libjpeg-turbo, libpng, giflib or libwebp, as its bytes say it
    /// is, within `limits`: too many bytes or pixels are refused before anything is decoded.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> RGBAImage {
        guard bytes.count <= limits.maxBytes else { throw .tooManyBytes(limit: limits.maxBytes) }
        guard let format = ImageFormat(sniffing: bytes) else { throw .notAPicture }
        let decoder: (UnsafePointer<UInt8>?, Int, Int64, UnsafeMutablePointer<linky_image>?) -> Int32
        switch format {
        case .jpeg: decoder = linky_decode_jpeg
        case .png: decoder = linky_decode_png
        case .gif: decoder = linky_decode_gif
        case .webp: decoder = linky_decode_webp
        case .ico: return try decodeIcon(bytes, limits: limits)
        case .svg, .bmp: throw .unsupported(format)
        }
        var image = linky_image()
        let status = bytes.withUnsafeBufferPointer {
            decoder($0.baseAddress, $0.count, Int64(limits.maxPixels), &image)
        }
        guard status == 0, let pixels = image.pixels else {
            let reason = withUnsafeBytes(of: image.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .undecodable(reason.isEmpty ? "the \(format.rawValue.uppercased()) picture cannot be read" : reason)
        }
        defer { linky_image_free(&image) }
        let count = Int(image.width) * Int(image.height) * 4
        return RGBAImage(
            width: Int(image.width), height: Int(image.height),
            pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Whether every pixel is opaque.
    public var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }

    // MARK: - Encoding

    /// Lossy WebP at `quality` (0–100), transparency kept.
    public func webp(quality: Float = 80) throws(ImageError) -> [UInt8] {
        try encode("WebP") { linky_encode_webp($0, Int32(width), Int32(height), quality, $1, $2) }
    }

    /// JPEG at `quality` (1–100), on white.
    public func jpeg(quality: Int = 82) throws(ImageError) -> [UInt8] {
        try encode("JPEG") { linky_encode_jpeg($0, Int32(width), Int32(height), Int32(quality), $1, $2) }
    }

    /// Lossless PNG.
    public func png() throws(ImageError) -> [UInt8] {
        try encode("PNG") { linky_encode_png($0, Int32(width), Int32(height), $1, $2) }
    }

    private func encode(
        _ name: String,
        _ encoder: (
            UnsafePointer<UInt8>?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?
        ) -> Int32
    ) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixels.withUnsafeBufferPointer { encoder($0.baseAddress, &output, &size) }
        guard status == 0, let output else { throw .unencodable("the \(name) encoder failed") }
        defer { linky_bytes_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
