import Foundation

/// The rebuild state's binary form: little-endian integers, length-prefixed UTF-8 strings. Written and
/// read by this program only; a file that does not read back exactly is dropped (see `BuildState`).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func append(_ other: [UInt8]) { bytes += other }

    mutating func append(_ other: UnsafeRawBufferPointer) {
        // Through a typed buffer: appending raw bytes as a sequence goes a byte at a time.
        bytes.append(contentsOf: other.assumingMemoryBound(to: UInt8.self))
    }

    mutating func truncate(_ count: Int) { bytes.removeSubrange(count...) }

    /// Room for an `int` written later with `patch`; returns where it is.
    mutating func placeholder() -> Int {
        defer { int(0) }
        return bytes.count
    }

    mutating func patch(_ offset: Int, _ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { value in
            for index in 0..<8 { bytes[offset + index] = value[index] }
        }
    }

    mutating func int(_ value: Int) { int64(Int64(value)) }

    mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes += utf8
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        if let value {
            bytes.append(1)
            write(&self, value)
        } else {
            bytes.append(0)
        }
    }

    mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func optionalInt(_ value: Int?) { optional(value) { $0.int($1) } }

    mutating func optionalString(_ value: String?) { optional(value) { $0.string($1) } }
}

/// Reads what `ByteWriter` wrote; any read past the end or any impossible value throws.
struct ByteReader {
    struct Malformed: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func int() throws(Malformed) -> Int { Int(try int64()) }

    mutating func int64() throws(Malformed) -> Int64 {
        Int64(bitPattern: try uint64())
    }

    mutating func uint64() throws(Malformed) -> UInt64 {
        guard offset + 8 <= bytes.count else { throw Malformed() }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Malformed()
        }
    }

    /// A count of things still to read: never more than the bytes left, so a damaged count cannot
    /// make a reader reserve memory it will never fill.
    mutating func count() throws(Malformed) -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - offset else { throw Malformed() }
        return value
    }

    /// A string whose bytes are UTF-8; bytes that are not (a damaged file) are `Malformed`.
    ///
    /// `String(validating:as:)` checks the bytes a scalar at a time, through the generic path of every
    /// encoding: it was 4% of a 10k rebuild. `String(decoding:as:)` checks them with the standard
    /// library's fast UTF-8 check and repairs what is not UTF-8, so the text is compared with the
    /// bytes: equal means nothing was repaired.
    mutating func string() throws(Malformed) -> String {
        let length = try count()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        offset += length
        var text = String(decoding: slice.bindMemory(to: UInt8.self), as: UTF8.self)
        let unrepaired = text.withUTF8 { utf8 in
            utf8.count == length && (length == 0 || memcmp(utf8.baseAddress!, slice.baseAddress!, length) == 0)
        }
        guard unrepaired else { throw Malformed() }
        return text
    }

    /// The next `length` bytes, not copied: valid while the buffer is.
    mutating func raw(_ length: Int) throws(Malformed) -> UnsafeRawBufferPointer {
        guard length >= 0, offset + length <= bytes.count else { throw Malformed() }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func optionalInt() throws(Malformed) -> Int? { try optional { r throws(Malformed) in try r.int() } }

    mutating func optionalString() throws(Malformed) -> String? {
        try optional { r throws(Malformed) in try r.string() }
    }
}

/// A 128-bit fingerprint of bytes (MurmurHash3 x64/128 with a fixed seed): the same bytes give the same
/// value in every process, unlike `Hasher`. It tells whether a page's inputs changed, not who made them:
/// it is not a cryptographic hash.
struct Fingerprint: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    static let zero = Fingerprint(high: 0, low: 0)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { Fingerprint(bytes: $0) }
    }

    init(bytes: UnsafeRawBufferPointer) {
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        let seed: UInt64 = 0x6c69_6e6b_7973_6974  // "linkysit"
        var h1 = seed
        var h2 = seed
        let count = bytes.count
        let blocks = count / 16
        func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        for block in 0..<blocks {
            var k1 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 16, as: UInt64.self))
            var k2 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 16 + 8, as: UInt64.self))
            k1 &*= c1
            k1 = rotl(k1, 31)
            k1 &*= c2
            h1 ^= k1
            h1 = rotl(h1, 27)
            h1 &+= h2
            h1 = h1 &* 5 &+ 0x52dc_e729
            k2 &*= c2
            k2 = rotl(k2, 33)
            k2 &*= c1
            h2 ^= k2
            h2 = rotl(h2, 31)
            h2 &+= h1
            h2 = h2 &* 5 &+ 0x3849_5ab5
        }
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        let tail = blocks * 16
        let rest = count & 15
        if rest > 8 {
            for index in stride(from: rest - 1, through: 8, by: -1) {
                k2 ^= UInt64(bytes[tail + index]) << (UInt64(index - 8) * 8)
            }
            k2 &*= c2
            k2 = rotl(k2, 33)
            k2 &*= c1
            h2 ^= k2
        }
        if rest > 0 {
            for index in stride(from: min(rest, 8) - 1, through: 0, by: -1) {
                k1 ^= UInt64(bytes[tail + index]) << (UInt64(index) * 8)
            }
            k1 &*= c1
            k1 = rotl(k1, 31)
            k1 &*= c2
            h1 ^= k1
        }
        h1 ^= UInt64(count)
        h2 ^= UInt64(count)
        h1 &+= h2
        h2 &+= h1
        func mix(_ value: UInt64) -> UInt64 {
            var k = value
            k ^= k >> 33
            k &*= 0xff51_afd7_ed55_8ccd
            k ^= k >> 33
            k &*= 0xc4ce_b9fe_1a85_ec53
            k ^= k >> 33
            return k
        }
        h1 = mix(h1)
        h2 = mix(h2)
        h1 &+= h2
        h2 &+= h1
        self.init(high: h1, low: h2)
    }
}

extension ByteWriter {
    mutating func fingerprint(_ value: Fingerprint) {
        uint64(value.high)
        uint64(value.low)
    }
}

extension ByteReader {
    mutating func fingerprint() throws(Malformed) -> Fingerprint {
        Fingerprint(high: try uint64(), low: try uint64())
    }
}

extension ByteWriter {
    mutating func stamp(_ stamp: FileStamp) {
        uint64(stamp.inode)
        int64(stamp.size)
        int64(stamp.modified)
        int64(stamp.changed)
    }
}

extension ByteReader {
    mutating func stamp() throws(Malformed) -> FileStamp {
        FileStamp(inode: try uint64(), size: try int64(), modified: try int64(), changed: try int64())
    }
}
