import Foundation
import LinkyModel
import LinkyTheme

// MARK: - Keeping `files` what a fresh build writes

extension PreviewBuild {
    /// Renders `plan` and stores what it made as chunks arrive (a big site's output is never held
    /// twice); returns every path that changed. When rendering fails part-way, the next update renders
    /// everything again.
    mutating func render(_ plan: [PlannedFile], site: Site, theme: Theme) async throws -> [String] {
        var changed: [String] = []
        // The search shards patch the word table the last update made (a table is true of the links
        // it was made from, whatever became of that update).
        defer { searchWords.advance() }
        do {
            try await SiteRenderer(site: site, theme: theme, searchWords: searchWords).render(plan) {
                changed += store($0)
            }
        } catch {
            state = nil
            throw error
        }
        return changed
    }

    /// Stores rendered files and returns every path that changed, sorted: the paths stored, and the
    /// files a planned file made last time and not this time (a search shard the index no longer
    /// needs), which go. A planned file that makes only its path never leaves one behind, and a fresh
    /// build writes just what the planned files make: so `files` stays what it writes.
    mutating func store(_ rendered: [SiteRenderer.Rendered]) -> [String] {
        let (stored, dropped) = Self.store(rendered, in: &files, madeBy: &madeBy)
        // A file another planned file of this render made stays.
        let gone = dropped.subtracting(stored)
        for path in gone { files[path] = nil }
        return Set(stored).union(gone).sorted()
    }

    /// Stores rendered files in `files`, and in `madeBy` what each planned file that makes more than
    /// its path made; returns the paths stored, and the files such a planned file made last time (by
    /// `madeBy`) and not this time, for the caller to remove.
    static func store(
        _ rendered: [SiteRenderer.Rendered], in files: inout [String: Data], madeBy: inout [String: Set<String>]
    ) -> (stored: [String], dropped: Set<String>) {
        var stored: [String] = []
        var dropped: Set<String> = []
        for entry in rendered {
            for output in entry.outputs {
                files[output.path] = Data(output.contents)
                stored.append(output.path)
            }
            guard !entry.planned.writesOnlyItsPath else { continue }
            let made = Set(entry.outputs.lazy.map(\.path))
            dropped.formUnion(madeBy[entry.planned.path, default: []].subtracting(made))
            madeBy[entry.planned.path] = made
        }
        return (stored, dropped)
    }

    /// Removes planned files that left the plan, with every file they made; returns the paths removed.
    mutating func remove(_ planned: [String]) -> [String] {
        var removed: Set<String> = []
        for path in planned {
            removed.insert(path)
            removed.formUnion(madeBy.removeValue(forKey: path) ?? [])
        }
        for path in removed { files[path] = nil }
        return removed.sorted()
    }
}
