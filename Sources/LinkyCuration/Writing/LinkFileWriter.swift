import Foundation
import LinkyBuild
import LinkyModel
import Yams

/// Link files' text: front matter through Yams (so any title, Hangul or quotes included, reads back
/// as written), and names: a slug from the title, never one an existing file has. Writing is
/// `SiteTransaction`'s.
public enum LinkFileWriter {
    /// The file's text: front matter in the order DESIGN.md shows, then the note.
    public static func text(for link: NewLink) -> String {
        var pairs: [(Node, Node)] = [
            ("url", stringNode(readable(link.url))),
            ("title", stringNode(link.title.collapsingWhitespace)),
        ]
        if !link.tags.isEmpty {
            pairs.append(("tags", Node(link.tags.map { stringNode($0) }, Tag(.seq), .flow)))
        }
        if let date = link.date { pairs.append(("date", Node(date, Tag(.timestamp)))) }
        if let description = link.description?.collapsingWhitespace, !description.isEmpty {
            pairs.append(("description", stringNode(description)))
        }
        if let image = link.image { pairs.append(("image", stringNode(readable(image)))) }
        if link.favorite { pairs.append(("favorite", Node("true", Tag(.bool)))) }
        if link.draft { pairs.append(("draft", Node("true", Tag(.bool)))) }
        for (key, value) in link.extra { pairs.append((stringNode(key), stringNode(value))) }
        let yaml = FrontMatterYAML.serialize(Node(pairs), what: "link front matter")
        var text = "---\n" + yaml + "---\n"
        if let note = link.note?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty {
            text += note + "\n"
        }
        return text
    }

    /// The address as a person reads it (Hangul path, Unicode host) when that reads back to the
    /// same address; otherwise the encoded form.
    public static func readable(_ url: LinkURL) -> String {
        do {
            if try LinkURL(parsing: url.displayString).absoluteString == url.absoluteString { return url.displayString }
        } catch {
            // The display form is not a valid address on its own (e.g. a decoded space): keep the encoded one.
        }
        return url.absoluteString
    }

    /// The file name for a link: the slug of its title (`Slug.make`), `.md`.
    public static func fileName(for link: NewLink) -> String {
        Slug.make(link.title, fallback: Slug.make(link.url.displayHost, fallback: "link")) + ".md"
    }

    /// A path for a new file named `name` in `folder` (both relative to `siteFolder`) that no file
    /// has and `taken` does not hold: `name`, else the name with `-2`, `-3`… before `.md`. The path
    /// is added to `taken`, so several new files of one change get distinct names.
    public static func availablePath(
        for name: String, in folder: String, siteFolder: URL, taken: inout Set<String>
    ) -> String {
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        var attempt = 1
        while true {
            let candidate = folder + "/" + (attempt == 1 ? "\(stem).md" : "\(stem)-\(attempt).md")
            if !taken.contains(candidate),
                !FileManager.default.fileExists(atPath: siteFolder.appending(path: candidate).path)
            {
                taken.insert(candidate)
                return candidate
            }
            attempt += 1
        }
    }
}

// MARK: - YAML

extension LinkFileWriter {
    /// A string scalar, quoted when YAML's core schema would read it as something else (`yes`,
    /// `2024`, `null`, `1e3`, `0o17`): the build refuses a plain number, boolean or null where text is
    /// meant, and other YAML tools should read text too.
    static func stringNode(_ value: String) -> Node {
        let plain = Node(value)
        guard case .scalar(let scalar) = plain,
            Resolver.default.resolveTag(of: plain) == .str || scalar.string.isEmpty,
            YAMLCoreSchema.nonTextKind(ofPlain: value) == nil
        else { return Node(value, Tag(.str), .doubleQuoted) }
        return Node(value, Tag(.str))
    }
}
