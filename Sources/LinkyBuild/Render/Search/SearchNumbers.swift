/// Lists of numbers in the search shards, as short strings rather than JSON arrays: each number
/// is written 5 bits at a time, least significant first, one character each from the URL-safe
/// base-64 alphabet; characters 32–63 say that more of the same number follows. A posting of a
/// link next to the previous one (`1 << 4 | fields`) is one character instead of three, and the
/// page decodes a shard's lists without parsing a number at a time.
enum SearchNumbers {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func string(_ values: some Sequence<UInt32>) -> String {
        var bytes: [UInt8] = []
        for value in values {
            var rest = value
            while rest >= 32 {
                bytes.append(alphabet[Int(32 | rest & 31)])
                rest >>= 5
            }
            bytes.append(alphabet[Int(rest)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Postings (`link << 4 | low bits`, ascending) with each link as the difference from the one before.
    static func postings(_ postings: [UInt32]) -> String {
        var previous: UInt32 = 0
        return string(
            postings.lazy.map { posting in
                let id = posting >> 4
                defer { previous = id }
                return (id - previous) << 4 | posting & 0xF
            })
    }

    /// Ascending ids, each as the difference from the one before.
    static func deltas(_ ids: [UInt32]) -> String {
        var previous: UInt32 = 0
        return string(
            ids.lazy.map { id in
                defer { previous = id }
                return id - previous
            })
    }
}
