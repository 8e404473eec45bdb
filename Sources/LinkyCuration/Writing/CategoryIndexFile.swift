import Foundation
import LinkyModel
import Yams

/// A category's `_index.md`: its title and description as front matter, written through Yams like
/// link files, and never over an existing one.
public enum CategoryIndexFile {
    public static let name = "_index.md"

    /// The file's text.
    public static func text(title: String, description: String?) -> String {
        var pairs: [(Node, Node)] = [("title", Node(title.collapsingWhitespace, Tag(.str)))]
        if let description = description?.collapsingWhitespace, !description.isEmpty {
            pairs.append(("description", Node(description, Tag(.str))))
        }
        let yaml: String
        do {
            yaml = try Yams.serialize(node: Node(pairs), width: -1, allowUnicode: true, lineBreak: .ln)
        } catch {
            // Yams only fails on a node it cannot represent; these are plain scalars.
            preconditionFailure("Yams could not write category front matter: \(error)")
        }
        return "---\n" + yaml + "---\n"
    }

    /// Writes `folder/_index.md` unless the folder already has one.
    ///
    /// - Returns: the file written, or nil when one was there (and is kept as it is).
    @discardableResult
    public static func createIfAbsent(
        title: String, description: String?, in folder: URL
    ) throws(LinkFileWriter.Failure) -> URL? {
        try LinkFileWriter.createIfAbsent(text: text(title: title, description: description), named: name, in: folder)
    }
}
