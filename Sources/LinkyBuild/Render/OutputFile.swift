import Foundation

/// One file of the output: a path relative to the output root and its bytes.
///
/// The bytes are an array, as the renderers make them: a `Data` would copy each file once more, which
/// for the largest (a 100,000-link site's `links.json` is 131 MB) meant fresh pages, zeroed by the
/// kernel, for every copy.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: [UInt8]
    /// Where each link's part of the file lies, for a file made from every link that keeps them
    /// (`PreviousParts`); empty for the others.
    public var parts: [LinkPart] = []

    public init(path: String, contents: [UInt8], parts: [LinkPart] = []) {
        self.path = path
        self.contents = contents
        self.parts = parts
    }

    public init(path: String, contents: Data) {
        self.init(path: path, contents: [UInt8](contents))
    }
}
