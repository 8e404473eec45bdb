/// One file made from a downloaded picture: its name's ending (`400w.webp`), its size and bytes.
public struct PictureVariant: Sendable, Equatable {
    public var suffix: String
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(suffix: String, width: Int, height: Int, bytes: [UInt8]) {
        self.suffix = suffix
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// The pictures a link card shows, made from a link's preview picture (`og:image`, `image:`) or its
/// site's icon: small WebP files for the pages, at 1× and 2× for dense screens, and a JPEG or PNG
/// for the print page and its PDF.
public enum CardPictures {
    /// A card's picture is at most this wide and this tall at 1× (CSS pixels).
    public static let previewBox = 400
    /// An icon's box at 1×.
    public static let iconBox = 32
    /// The most bytes one card picture may take: qualities step down until it fits.
    public static let maxPreviewBytes = 60 * 1024
    private static let qualities: [Float] = [80, 68, 55, 42, 30]

    /// `400w.webp` (at most 400 × 400, never enlarged), `800w.webp` when the picture is at least twice
    /// that wide, and `400w.jpg` for print; each at most `maxPreviewBytes`. A picture that does not
    /// fit at the lowest quality (noise does not compress) has no 2× file, and a smaller 1× one.
    public static func preview(_ picture: RGBAImage) throws(ImageError) -> [PictureVariant] {
        var box = picture.fitting(maxWidth: previewBox, maxHeight: previewBox)
        while true {
            let small = picture.resized(width: box.width, height: box.height)
            guard
                let one = try fitted(
                    small, suffix: "\(box.width)w.webp", encode: { q throws(ImageError) in try small.webp(quality: q) }),
                let print = try fitted(
                    small, suffix: "\(box.width)w.jpg",
                    encode: { q throws(ImageError) in try small.jpeg(quality: Int(q)) })
            else {
                box = (max(1, box.width * 3 / 4), max(1, box.height * 3 / 4))
                continue
            }
            var variants = [one]
            if picture.width >= 2 * box.width, picture.height >= 2 * box.height {
                let double = picture.resized(width: 2 * box.width, height: 2 * box.height)
                if let two = try fitted(
                    double, suffix: "\(2 * box.width)w.webp",
                    encode: { q throws(ImageError) in try double.webp(quality: q) })
                {
                    variants.append(two)
                }
            }
            return variants + [print]
        }
    }

    /// `32w.webp`, `64w.webp` when the icon is at least 64 pixels, and `32w.png` for print. An icon
    /// smaller than 32 pixels keeps its size (the page scales it).
    public static func icon(_ picture: RGBAImage) throws(ImageError) -> [PictureVariant] {
        let box = picture.fitting(maxWidth: iconBox, maxHeight: iconBox)
        let small = picture.resized(width: box.width, height: box.height)
        var variants = [
            PictureVariant(
                suffix: "\(box.width)w.webp", width: box.width, height: box.height, bytes: try small.webp(quality: 90))
        ]
        if picture.width >= 2 * box.width, picture.height >= 2 * box.height {
            let double = picture.resized(width: 2 * box.width, height: 2 * box.height)
            variants.append(
                PictureVariant(
                    suffix: "\(2 * box.width)w.webp", width: double.width, height: double.height,
                    bytes: try double.webp(quality: 90)))
        }
        variants.append(
            PictureVariant(suffix: "\(box.width)w.png", width: box.width, height: box.height, bytes: try small.png()))
        return variants
    }

    /// `picture` encoded at the first of the qualities that fits `maxPreviewBytes`; nil when none does.
    private static func fitted(
        _ picture: RGBAImage, suffix: String, encode: (Float) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> PictureVariant? {
        for quality in qualities {
            let bytes = try encode(quality)
            if bytes.count <= maxPreviewBytes {
                return PictureVariant(suffix: suffix, width: picture.width, height: picture.height, bytes: bytes)
            }
        }
        return nil
    }
}
