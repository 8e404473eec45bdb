import Foundation
import LinkyModel
import Yams

/// Writes link files: front matter through Yams (so any title, Hangul or quotes included, reads back
/// as written), a slug from the title, and never over an existing file.
public enum LinkFileWriter {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case io(path: String, message: String)

        public var description: String {
            switch self {
            case .io(let path, let message): "\(path): \(message)"
            }
        }
    }

    /// The file's text: front matter in the order DESIGN.md shows, then the note.
    public static func text(for link: NewLink) -> String {
        var pairs: [(Node, Node)] = [
            ("url", string(readable(link.url))),
            ("title", string(link.title.collapsingWhitespace)),
        ]
        if !link.tags.isEmpty {
            pairs.append(("tags", Node(link.tags.map { string($0) }, Tag(.seq), .flow)))
        }
        if let date = link.date { pairs.append(("date", Node(date, Tag(.timestamp)))) }
        if let description = link.description?.collapsingWhitespace, !description.isEmpty {
            pairs.append(("description", string(description)))
        }
        if let image = link.image { pairs.append(("image", string(readable(image)))) }
        if link.favorite { pairs.append(("favorite", Node("true", Tag(.bool)))) }
        if link.draft { pairs.append(("draft", Node("true", Tag(.bool)))) }
        for (key, value) in link.extra { pairs.append((string(key), string(value))) }
        let yaml: String
        do {
            yaml = try Yams.serialize(node: Node(pairs), width: -1, allowUnicode: true, lineBreak: .ln)
        } catch {
            // Yams only fails on a node it cannot represent; every node here is a plain scalar or list.
            preconditionFailure("Yams could not write link front matter: \(error)")
        }
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

    /// Writes the link into `folder` (created if missing) under a name no file has yet: its slug,
    /// else the slug with `-2`, `-3`… The file appears whole or not at all: it is written to a
    /// temporary file and linked into place, which fails rather than replace anything.
    ///
    /// - Returns: the file written.
    @discardableResult
    public static func create(_ link: NewLink, in folder: URL) throws(Failure) -> URL {
        try create(text: text(for: link), named: fileName(for: link), in: folder)
    }

    /// Writes `text` as a new file in `folder`, named `name` or `name` with `-2`, `-3`… before `.md`.
    public static func create(text: String, named name: String, in folder: URL) throws(Failure) -> URL {
        // With 10,000 names to try, the only nil is "all taken".
        guard let url = try create(text: text, named: name, in: folder, attempts: 10_000) else {
            throw .io(path: folder.appending(path: name).path, message: "10,000 files already have this name")
        }
        return url
    }

    /// Writes `text` as `folder/name`, in one step, unless that file exists: then nothing is written
    /// and the result is nil (for a category's `_index.md`, which has one name only).
    public static func createIfAbsent(text: String, named name: String, in folder: URL) throws(Failure) -> URL? {
        try create(text: text, named: name, in: folder, attempts: 1)
    }
}

// MARK: - Private

private extension LinkFileWriter {
    /// A string scalar, quoted when YAML's core schema would read it as something else (`yes`,
    /// `2024`, `null`, `1e3`): the build reads every value as text, but other YAML tools should too.
    static func string(_ value: String) -> Node { stringNode(value) }
}

extension LinkFileWriter {
    static func stringNode(_ value: String) -> Node {
        let plain = Node(value)
        guard case .scalar(let scalar) = plain, Resolver.default.resolveTag(of: plain) == .str || scalar.string.isEmpty
        else { return Node(value, Tag(.str), .doubleQuoted) }
        return Node(value, Tag(.str))
    }

    static func create(text: String, named name: String, in folder: URL, attempts: Int) throws(Failure) -> URL? {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(path: folder.path, message: "cannot create the folder: \(error.localizedDescription)")
        }
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let temporary = folder.appending(path: ".\(stem).linky-new-\(getpid())")
        let bytes = Array(text.utf8)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io(path: temporary.path, message: String(cString: strerror(errno))) }
        defer { unlink(temporary.path) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            throw .io(path: temporary.path, message: "could not write the file: \(String(cString: strerror(errno)))")
        }
        for attempt in 1...attempts {
            let candidate = folder.appending(path: attempt == 1 ? "\(stem).md" : "\(stem)-\(attempt).md")
            if link(temporary.path, candidate.path) == 0 { return candidate }
            guard errno == EEXIST else {
                throw .io(path: candidate.path, message: String(cString: strerror(errno)))
            }
        }
        return nil
    }
}
