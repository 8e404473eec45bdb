import Foundation
import Testing

@testable import LinkyBuild

/// The state's strings read back as written, and bytes that are not UTF-8 (a damaged file) are refused
/// rather than repaired.
@Suite struct ByteCodingTests {
    func read(_ bytes: [UInt8]) -> String? {
        var writer = ByteWriter()
        writer.int(bytes.count)
        writer.append(bytes)
        return writer.bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? reader.string()
        }
    }

    @Test func stringsReadBackAsWritten() {
        for text in ["", "a", "맛집 가이드", "e\u{301}", "👩‍👩‍👧", "\u{FFFD} is a character too", "\r\n", "\0"] {
            #expect(read(Array(text.utf8)) == text)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let damaged: [[UInt8]] = [
            [0xF0, 0x9F, 0x98, 0x41], [0xFF], [0x61, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xEB, 0xA7],
            [0xC3],
            [0xF4, 0x90, 0x80, 0x80],
            Array("맛집".utf8.dropLast()),
        ]
        for bytes in damaged { #expect(read(bytes) == nil, "\(bytes)") }
    }

    @Test func aLengthPastTheEndIsRefused() {
        var writer = ByteWriter()
        writer.int(10)
        writer.append([0x61, 0x62])
        let text = writer.bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? reader.string()
        }
        #expect(text == nil)
    }
}
