import Foundation

/// A path hashed and compared by its UTF-8 bytes. A `String` key is normalized for each hash, which
/// thousands of paths the program wrote itself do not need.
struct PathKey: Hashable, Sendable {
    var path: Substring

    init(_ path: Substring) { self.path = path }

    static func == (lhs: PathKey, rhs: PathKey) -> Bool { lhs.path.utf8.elementsEqual(rhs.path.utf8) }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
