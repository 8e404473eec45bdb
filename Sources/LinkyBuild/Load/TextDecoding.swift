import Foundation

/// Turns a file's bytes into the text every later stage expects.
enum TextDecoding {
    enum Failure: Error, Equatable {
        /// The bytes are not UTF-8; `line` is where the first bad byte is.
        case invalidUTF8(line: Int)
        /// The file holds NUL bytes: it is binary, not text.
        case binary(line: Int)
    }

    /// UTF-8 (a BOM is dropped), CRLF and CR turned into LF, NFC.
    static func decode(_ data: Data) -> Result<String, Failure> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let nul = bytes.firstIndex(of: 0) {
            return .failure(.binary(line: lineNumber(of: nul, in: bytes)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8(line: lineNumber(of: firstInvalidByte(in: bytes), in: bytes)))
        }
        return .success(normalizingLineEndings(text).nfc)
    }

    static func normalizingLineEndings(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    private static func lineNumber(of index: Int, in bytes: [UInt8]) -> Int {
        bytes[..<index].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
    }

    private static func firstInvalidByte(in bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput, .error: return min(offset, max(bytes.count - 1, 0))
            }
        }
    }
}
