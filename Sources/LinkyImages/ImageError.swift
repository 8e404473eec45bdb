/// Why a picture could not be used. Each is a warning about one link, never a failed command.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Its bytes are not a picture linky-site reads (HTML, text, an unknown format).
    case notAPicture
    /// A format that is never decoded (SVG, BMP).
    case unsupported(ImageFormat)
    /// More bytes than `ImageLimits.maxBytes` (the limit).
    case tooManyBytes(limit: Int)
    /// Damaged, cut short, too many pixels: what the decoder said.
    case undecodable(String)
    /// The encoder failed (out of memory).
    case unencodable(String)

    public var description: String {
        switch self {
        case .notAPicture: "the file is not a picture (its bytes are neither JPEG, PNG, GIF nor WebP)"
        case .unsupported(let format): "\(format.rawValue.uppercased()) pictures are not used"
        case .tooManyBytes(let limit):
            "the picture is larger than the \(limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit) bytes") allowed"
        case .undecodable(let reason): reason
        case .unencodable(let reason): reason
        }
    }
}
