import Mustache

/// HTML escaping by bytes: the same five characters as swift-mustache's own HTML content type
/// (`< > & " '`), which walks the text by grapheme and looks each one up in a dictionary — the
/// largest single cost of rendering a big site. Text without any of them is returned as is.
struct FastHTMLContentType: MustacheContentType {
    static let name = "LINKY_HTML"

    /// Registered once, before the first template is parsed (registration is not meant to race).
    static let registration: Void = MustacheContentTypes.register(FastHTMLContentType(), named: name)

    /// Prepended to every template so it renders with this content type.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    func escapeText(_ text: String) -> String {
        var needsEscaping = false
        for byte in text.utf8 where byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0x22 || byte == 0x27 {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x22: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27: bytes.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
