import LinkyModel
import LinkyTheme

/// `feed.json`: the JSON Feed of the newest links.
struct JSONFeedFile: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: "feed.json", kind: JSONFeedFile())]
    }

    var inputs: PlannedFile.Inputs { .newestLinks }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([OutputFile(path: rendering.path, contents: try FeedRenderer(context: rendering.context).json())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(13)
        fingerprints.links(PageLinks.feed(fingerprints.model), into: &writer)
    }
}
