import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written through one buffer of about a megabyte, emptied into the file each time it fills: a
/// 100,000-link parse store is 300 MB, which a buffer of its own would add to the build's memory.
struct ChunkedFile {
    static let chunk = 1 << 20

    /// What is not yet in the file: append to it, then call `flushIfFull` where the file may be cut.
    var writer = ByteWriter(capacity: ChunkedFile.chunk + ChunkedFile.chunk / 4)
    private let path: String
    private let descriptor: Int32
    private var failed = false
    /// The bytes already in the file.
    private var flushed = 0

    /// Where the next byte goes in the file.
    var offset: Int { flushed + writer.bytes.count }

    init?(_ path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.path = path
    }

    /// Writes the buffer out once it holds a chunk.
    mutating func flushIfFull() {
        if writer.bytes.count >= Self.chunk { flush() }
    }

    private mutating func flush() {
        do {
            try writer.bytes.withUnsafeBytes { try FileIO.writeAll(descriptor, $0, path: path) }
        } catch {
            failed = true
        }
        flushed += writer.bytes.count
        writer.removeAll()
    }

    /// Room for an `int` written later with `patch`; returns where it is in the file.
    mutating func placeholder() -> Int {
        defer { writer.int(0) }
        return offset
    }

    /// Writes `value` where `placeholder` made room, in the buffer or, once flushed, in the file.
    mutating func patch(_ at: Int, _ value: Int) {
        guard at < flushed else { return writer.patch(at - flushed, value) }
        let written = withUnsafeBytes(of: Int64(value).littleEndian) {
            pwrite(descriptor, $0.baseAddress, 8, off_t(at))
        }
        if written != 8 { failed = true }
    }

    /// Writes what is left and closes the file; false when anything could not be written.
    consuming func close() -> Bool {
        flush()
        return Glibc.close(descriptor) == 0 && !failed
    }
}
