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
        let yaml = FrontMatterYAML.serialize(Node(pairs), what: "category front matter")
        return "---\n" + yaml + "---\n"
    }
}
