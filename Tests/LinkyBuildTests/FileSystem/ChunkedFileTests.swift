import Foundation
import Testing

@testable import LinkyBuild

/// A file written a megabyte at a time, with a length patched in once what it counts is written:
/// in the buffer while it is there, in the file once flushed.
@Suite struct ChunkedFileTests {
    func written(_ write: (inout ChunkedFile) -> Void) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appending(path: "linky-chunked-\(UUID().uuidString)").path
        defer { unlink(path) }
        var file = try #require(ChunkedFile(path))
        write(&file)
        #expect(file.close())
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func int(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer, offset: offset)
            return (try? reader.int()) ?? -1
        }
    }

    @Test(arguments: [10, 300_000, 1_000_000])
    func aPatchedLengthIsWhereThePlaceholderWas(_ values: Int) throws {
        var at = 0
        let bytes = try written { file in
            file.writer.int(7)
            at = file.placeholder()
            for value in 0..<values {
                file.writer.int(value)
                file.flushIfFull()
            }
            file.patch(at, file.offset - at - 8)
            file.writer.int(-1)
        }
        #expect(bytes.count == 8 * (values + 3))
        #expect(int(bytes, at: 0) == 7)
        #expect(int(bytes, at: at) == values * 8)
        #expect(int(bytes, at: at + 8 + (values - 1) * 8) == values - 1)
        #expect(int(bytes, at: bytes.count - 8) == -1)
    }
}
