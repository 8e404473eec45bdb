import Foundation

/// A path as a dictionary key, hashed and compared byte for byte, as the file system tells names apart.
///
/// A `String` key hashes and compares by Unicode canonical equivalence: each non-ASCII path (a Hangul
/// folder's) is normalised every time it is hashed or compared — a few percent of a 10,000-link
/// rebuild, spread over its tables of paths — and two names that differ only in their normalisation,
/// two files on disk, would be one key.
struct PathKey: Hashable, Sendable {
    let path: String

    init(_ path: String) { self.path = path }

    func hash(into hasher: inout Hasher) {
        // A native string's UTF-8 is where it is: no copy.
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (left: PathKey, right: PathKey) -> Bool {
        var (left, right) = (left.path, right.path)
        return left.withUTF8 { a in right.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
    }
}
