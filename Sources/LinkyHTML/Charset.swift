import Foundation

/// A web page's character encoding, found the way browsers find it (byte order mark, then the
/// HTTP `Content-Type` charset, then a `<meta>` in the first 1024 bytes, then UTF-8 if the bytes
/// are valid UTF-8, else Windows-1252), and the conversion of its bytes to a Swift string.
public struct Charset: Sendable, Hashable, CustomStringConvertible {
    /// The iconv name of the encoding, e.g. `UTF-8`, `CP949`, `CP932`, `CP1252`.
    public let iconvName: String

    public var description: String { iconvName }

    public static let utf8 = Charset(iconvName: "UTF-8")
    public static let windows1252 = Charset(iconvName: "CP1252")

    init(iconvName: String) {
        self.iconvName = iconvName
    }

    /// The encoding a label names (`euc-kr`, `ks_c_5601-1987`, `shift_jis`, `latin1`, …), mapped as
    /// the WHATWG Encoding standard maps it: EUC-KR is read as its superset CP949, Shift_JIS as
    /// CP932, ISO-8859-1 and ASCII as Windows-1252. Nil for a label nobody uses on the web.
    public init?(label: String) {
        let key = label.trimmingASCIIWhitespace().lowercased()
        guard let name = Self.labels[key] else { return nil }
        self.iconvName = name
    }

    /// Finds the encoding of `bytes`, served with the HTTP `Content-Type` header `contentType`.
    public static func detect(bytes: [UInt8], contentType: String?) -> Charset {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) { return Charset(iconvName: "UTF-16LE") }
        if bytes.starts(with: [0xFE, 0xFF]) { return Charset(iconvName: "UTF-16BE") }
        if let contentType, let label = parameter("charset", in: contentType), let charset = Charset(label: label) {
            return charset
        }
        if let label = metaCharsetLabel(in: bytes.prefix(1024)), var charset = Charset(label: label) {
            // A page that says it is UTF-16 in ASCII-compatible bytes is not; browsers read UTF-8.
            if charset.iconvName.hasPrefix("UTF-16") { charset = .utf8 }
            return charset
        }
        return String(validating: bytes, as: UTF8.self) != nil ? .utf8 : .windows1252
    }

    /// The bytes as text. Bytes the encoding cannot read become U+FFFD; a byte order mark is dropped.
    public func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if iconvName == "UTF-8" {
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
            return String(decoding: body, as: UTF8.self)
        }
        if iconvName.hasPrefix("UTF-16"), body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
            body = body.dropFirst(2)
        }
        return Self.iconvDecode(Array(body), from: iconvName)
    }
}

// MARK: - Private

private extension Charset {
    /// WHATWG labels of the encodings a link collection meets, mapped to glibc iconv names.
    static let labels: [String: String] = {
        var map: [String: String] = [:]
        func add(_ name: String, _ labels: [String]) { for label in labels { map[label] = name } }
        add("UTF-8", ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"])
        add("UTF-16LE", ["utf-16", "utf-16le", "unicode", "ucs-2", "csunicode", "iso-10646-ucs-2"])
        add("UTF-16BE", ["utf-16be", "unicodefffe"])
        add(
            "CP949",
            [
                "euc-kr", "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
                "ksc5601", "ksc_5601", "windows-949", "cp949", "x-windows-949", "uhc",
            ])
        add(
            "CP932",
            ["shift_jis", "csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis", "cp932"])
        add("EUC-JP", ["euc-jp", "cseucpkdfmtjapanese", "x-euc-jp"])
        add("ISO-2022-JP", ["iso-2022-jp", "csiso2022jp"])
        add(
            "GBK",
            ["gbk", "gb2312", "chinese", "csgb2312", "csiso58gb231280", "gb_2312", "gb_2312-80", "iso-ir-58", "x-gbk"])
        add("GB18030", ["gb18030"])
        add("BIG5-HKSCS", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"])
        add(
            "CP1252",
            [
                "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii",
                "us-ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1", "iso88591",
            ])
        add("ISO-8859-2", ["iso-8859-2", "latin2", "l2", "iso8859-2"])
        add("ISO-8859-15", ["iso-8859-15", "latin9", "l9", "iso8859-15"])
        add("CP1251", ["windows-1251", "cp1251", "x-cp1251"])
        add("KOI8-R", ["koi8-r", "koi8", "koi", "cskoi8r"])
        add("KOI8-U", ["koi8-u", "koi8-ru"])
        add("CP1250", ["windows-1250", "cp1250", "x-cp1250"])
        add("TIS-620", ["tis-620", "windows-874", "iso-8859-11"])
        return map
    }()

    /// The value of `name=` in a header like `text/html; charset="EUC-KR"`.
    static func parameter(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].trimmingASCIIWhitespace().lowercased() == name else { continue }
            var value = pieces[1].trimmingASCIIWhitespace()
            if value.count >= 2, value.first == "\"" || value.first == "'", value.last == value.first {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// The HTML "prescan" in short: the first `<meta charset=…>` or `<meta … content="…; charset=…">`.
    static func metaCharsetLabel(in bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: " ") }, as: UTF8.self).lowercased()
        var searchStart = text.startIndex
        while let open = text.range(of: "<meta", range: searchStart..<text.endIndex) {
            let close = text.range(of: ">", range: open.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
            let tag = text[open.upperBound..<close]
            if let found = tag.range(of: "charset") {
                let spaces: Set<Character> = [" ", "\t", "\n", "\r"]
                let openers: Set<Character> = [" ", "\t", "\"", "'"]
                let enders: Set<Character> = ["\"", "'", ";", " ", "\t", "\n", "\r", "/", ">"]
                var rest = tag[found.upperBound...].drop { spaces.contains($0) }
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { openers.contains($0) }
                    let label = rest.prefix { !enders.contains($0) }
                    if !label.isEmpty { return String(label) }
                }
            }
            searchStart = close
        }
        return nil
    }

    /// Converts with glibc's iconv; an unreadable byte becomes U+FFFD and reading goes on after it.
    static func iconvDecode(_ input: [UInt8], from name: String) -> String {
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return String(decoding: input, as: UTF8.self) }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var offset = 0
        while offset < input.count {
            let (consumed, produced, failed) = input.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                        mutating: source.baseAddress! + offset
                    ).assumingMemoryBound(to: CChar.self)
                    var inLeft = source.count - offset
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(target.baseAddress!)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = target.count
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    let failed = result == -1 && errno != E2BIG
                    return (source.count - offset - inLeft, target.count - outLeft, failed)
                }
            }
            output.append(contentsOf: buffer[0..<produced])
            offset += consumed
            if failed {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                offset += 1
                iconv(converter, nil, nil, nil, nil)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
