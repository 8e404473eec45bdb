import Foundation
import LinkyModel
import LinkyTheme

/// One of the theme's assets (`assets/<name>`: the style sheet, the search script, icons).
struct AssetFile: DataFileKind {
    var name: String

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        planning.assetNames.sorted().map { PlannedFile(path: "assets/\($0)", kind: AssetFile(name: $0)) }
    }

    var inputs: PlannedFile.Inputs { .shape }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([OutputFile(path: rendering.path, contents: rendering.theme.assets[name] ?? Data())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(9)
        writer.string(name)
    }
}
