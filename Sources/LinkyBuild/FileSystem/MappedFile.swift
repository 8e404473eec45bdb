import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file mapped into memory, read-only, for as long as the value lives: the state files are read where
/// the page cache holds them, not copied (reading a 30 MB parse store into new memory was a tenth of a
/// rebuild).
final class MappedFile: Sendable {
    /// The mapping's address (an integer, so the class is `Sendable`: the bytes are never written).
    private let address: Int
    let count: Int
    /// The file's stamp when it was mapped.
    let stamp: FileStamp

    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        count = Int(status.st_size)
        stamp = FileStamp(status)
        guard count > 0 else {
            address = 0
            return
        }
        // The state files are only ever replaced by a rename or appended to, never rewritten in place,
        // so the mapped bytes stay as they were read.
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        address = Int(bitPattern: mapped)
    }

    deinit {
        if let base = UnsafeMutableRawPointer(bitPattern: address) { munmap(base, count) }
    }

    /// The bytes, valid while the value lives.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(bytes)
    }
}
