import LinkyModel
import LinkyTheme

/// `feed.xml`: the Atom feed of the newest links.
struct AtomFeedFile: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: "feed.xml", kind: AtomFeedFile())]
    }

    var inputs: PlannedFile.Inputs { .newestLinks }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([OutputFile(path: rendering.path, contents: FeedRenderer(context: rendering.context).atom())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(12)
        fingerprints.links(PageLinks.feed(fingerprints.model), into: &writer)
    }
}
