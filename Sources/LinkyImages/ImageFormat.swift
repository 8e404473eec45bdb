/// What a file's bytes say it is. The type is never taken from a server's `Content-Type` or a file's
/// name: an image served as `text/html`, or a page served as `image/png`, is what its bytes are.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, svg, ico, bmp

    /// Sniffed from the first bytes (the signatures of each format's specification); nil for anything
    /// else, HTML and text included.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(512))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts([0x00, 0x00, 0x01, 0x00]), head.count >= 6, head[4] != 0 || head[5] != 0 {
            self = .ico
        } else if starts(Array("BM".utf8)), head.count >= 26 {
            self = .bmp
        } else if Self.looksLikeSVG(head) {
            self = .svg
        } else {
            return nil
        }
    }

    /// An XML document whose first element is `svg` (after a byte-order mark, an XML declaration,
    /// comments and a doctype).
    private static func looksLikeSVG(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        func skip(past end: [UInt8]) -> Bool {
            var index = rest.startIndex
            while index + end.count <= rest.endIndex {
                if rest[index..<index + end.count].elementsEqual(end) {
                    rest = rest[(index + end.count)...]
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            if rest.starts(with: Array("<!--".utf8)) {
                guard skip(past: Array("-->".utf8)) else { return false }
            } else if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) {
                guard skip(past: [UInt8(ascii: ">")]) else { return false }
            } else {
                guard rest.first == UInt8(ascii: "<") else { return false }
                let name = rest.dropFirst().prefix {
                    $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: ">")
                        && $0 != UInt8(ascii: "/")
                }
                let lowered = String(decoding: name, as: UTF8.self).lowercased()
                return lowered == "svg" || lowered.hasSuffix(":svg")
            }
        }
    }

    /// Whether linky-site decodes it: an icon file through the largest picture it holds (PNG or
    /// bitmap). SVG is never decoded nor copied (it may carry scripts); a BMP file is not read.
    public var isDecodable: Bool {
        switch self {
        case .jpeg, .png, .gif, .webp, .ico: true
        case .svg, .bmp: false
        }
    }
}
