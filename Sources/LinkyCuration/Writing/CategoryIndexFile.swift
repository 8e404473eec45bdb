import Foundation
import LinkyModel
import Yams

/// A category's `_index.md`: its title and description as front matter, written through Yams like
/// link files.
public enum CategoryIndexFile {
    public static let name = "_index.md"

    /// The file's text.
    public static func text(title: String, description: String?) -> String {
        var pairs: [(Node, Node)] = [("title", LinkFileWriter.stringNode(title.collapsingWhitespace))]
        if let description = description?.collapsingWhitespace, !description.isEmpty {
            pairs.append(("description", LinkFileWriter.stringNode(description)))
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
}
