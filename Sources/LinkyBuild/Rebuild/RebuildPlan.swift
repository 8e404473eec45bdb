import Foundation
import LinkyModel

/// Which planned files a build renders: all of them, except — when it updates an output the last build
/// wrote — the pages whose fingerprint is the one their file was written with and whose file is still
/// as that build left it.
struct RebuildPlan: Sendable {
    let output: URL
    /// The output's real path, which the state records.
    let outputPath: String
    /// Each planned file with its fingerprint (nil: always rendered).
    let files: [(file: PlannedFile, fingerprint: Fingerprint?)]
    /// The stored entries of the skipped pages, by path.
    let kept: [PathKey: BuildState.Page]
    let toRender: [PlannedFile]
    var skipped: [String] { kept.keys.map(\.path) }

    /// `look` is the output as the build found it (`OutputLook`); without it, files are stamped here.
    init(
        plan: [PlannedFile], fingerprints: PageFingerprints, previous: BuildState?, output: URL, look: OutputLook? = nil
    ) async {
        self.output = output
        let root = output.path
        outputPath = FileIO.realPath(output)
        let previous = previous?.output == outputPath ? previous : nil
        // Fingerprints, and for a page found unchanged a look at its file (a stat, unless `look` has it).
        let parts = await ParallelChunks.map(plan.count, minimum: 256, perCore: 4) { indices in
            indices.map { index -> (Fingerprint?, BuildState.Page?) in
                let file = plan[index]
                let fingerprint = fingerprints.fingerprint(file)
                guard let fingerprint, let stored = previous?.pages[PathKey(file.path)],
                    stored.fingerprint == fingerprint,
                    let stamp = stored.stamp,
                    (look?.stamps[PathKey(file.path)] ?? FileStamp.ofOutput(root + "/" + file.path)) == stamp
                else { return (fingerprint, nil) }
                return (fingerprint, stored)
            }
        }
        var files: [(file: PlannedFile, fingerprint: Fingerprint?)] = []
        var kept: [PathKey: BuildState.Page] = [:]
        var toRender: [PlannedFile] = []
        files.reserveCapacity(plan.count)
        for (file, (fingerprint, stored)) in zip(plan, parts) {
            files.append((file, fingerprint))
            if let stored {
                kept[PathKey(file.path)] = stored
            } else {
                toRender.append(file)
            }
        }
        self.files = files
        self.kept = kept
        self.toRender = toRender
    }

    /// Leaves the state for the next build beside the output: every planned file with its fingerprint
    /// and the stamp it has now (`made`: each file the build stored, written or found with the same
    /// bytes), in plan order; and the links' parts (see `PreviousLinkParts`).
    func writeState(
        made: [PathKey: FileStamp], linkKeys: [Fingerprint] = [], parts: [String: [LinkPart]] = [:],
        searchWords: (tables: SearchWordTables, keys: [Fingerprint])? = nil
    ) {
        let pages = files.map { file, fingerprint in
            let key = PathKey(file.path)
            return (file.path, kept[key] ?? BuildState.Page(fingerprint: fingerprint, stamp: made[key]))
        }
        BuildState.write(outputPath, pages, linkKeys: linkKeys, parts: parts, searchWords: searchWords, beside: output)
    }
}
