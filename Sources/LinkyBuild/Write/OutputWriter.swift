import CLinkySystem
import Foundation
import LinkyModel
import LinkyTemplates
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write stage, the build's only side effect: everything goes into a temporary folder next to
/// the output, which then replaces the output in one atomic exchange. A build that fails or is killed
/// before that leaves the previous output exactly as it was.
struct OutputWriter {
    /// Marks a folder as made by linky-site, so a build never replaces a folder it did not make.
    static let marker = ".linky-site-output"

    enum Failure: Error {
        case unsafe(String, hint: String)
        case io(String)
        case pdf(String)
        /// A template could not render (partials nested without end); nothing was written.
        case render(TemplateRenderError)
        /// The new output does not fit its host (`check` said why); nothing was written.
        case doesNotFit([Diagnostic])
    }

    /// Looks at the new output, complete but not yet in place: what makes it fail (`doesNotFit`).
    typealias Check = @Sendable (OutputMeasure) -> [Diagnostic]
    /// The sizes of the files the output has now, as a rebuild's look at it found them (`OutputLook`).
    typealias Sizes = @Sendable () async -> [PathKey: FileStamp?]?

    let output: URL
    /// The site folder: the output may sit inside it (`_site`) but never be it or contain it.
    let siteFolder: URL
    /// The content, templates and static folders: the output may neither be, contain nor sit inside them.
    let sourceFolders: [URL]

    /// What `produce` stores files with: render tasks call it as they finish pages, several at once.
    typealias Store = @Sendable ([OutputFile]) throws -> Void
    /// What `produce` names files of the existing output with that it keeps as they are, unproduced
    /// (pages a rebuild skips); only an update in place (`updatesInPlace`) may be given any.
    typealias Keep = @Sendable ([String]) -> Void

    /// Writes a whole build: `produce` is handed a function that stores files into the new output
    /// (the render stage's tasks call it as pages are done, in parallel); then static files are
    /// copied and the new output replaces the old one.
    /// `finish` runs on the complete new output just before it replaces the old one (the PDF is
    /// made there), so its failure too leaves the previous output as it was.
    ///
    /// With `inPlace`, an existing output is updated instead (`OutputUpdate`): only files whose
    /// bytes differ are written and only files the site no longer has are removed. `finish` needs
    /// the complete output in one folder, so it always gets the whole-output path. The caller has
    /// run `OutputUpdate.recover` first.
    ///
    /// `stamps` collects each produced file's stamp. `check` is given the new output's measure before it
    /// replaces (or updates) the output, and the measure is returned with the counts; `sizes` spares an
    /// update looking up the size of each file it keeps.
    @discardableResult func write(
        staticFolder: URL, staticFiles: [String], copies: CopiedFiles = .none, inPlace: Bool = false,
        layers: CacheLayers = .all, stamps: StampLog? = nil,
        existing: (@Sendable () async -> [String]?)? = nil, sizes: Sizes? = nil, check: Check? = nil,
        produce: (_ store: @escaping Store, _ keep: @escaping Keep) async throws -> Void,
        finish: ((URL) throws(Failure) -> Void)? = nil
    ) async throws(Failure) -> OutputUpdate.Counts {
        try checkSafety()
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        removeStaleTemporaryFolders(in: parent)
        if inPlace, updatesInPlace(finish: finish != nil) {
            return try await update(
                staticFolder: staticFolder, staticFiles: staticFiles, copies: copies, layers: layers, stamps: stamps,
                existing: existing, sizes: sizes, check: check,
                produce: produce)
        }
        let temporary = Self.sibling(of: output, "linky-tmp-\(ProcessInfo.processInfo.processIdentifier)")
        var written = staticFiles.count + copies.items.count
        do {
            try? manager.removeItem(at: temporary)
            try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
            let fresh = FreshOutput(root: temporary.path, stamps: stamps)
            let root = temporary.path
            // Copied while the pages render: reading and writing files leaves the cores room.
            async let copied: Void = copies.copy(into: root)
            try await produce({ try fresh.store($0) }, { precondition($0.isEmpty, "a new output keeps no files") })
            try await copied
            written += fresh.count
            for path in staticFiles {
                let destination = temporary.appending(path: path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
                try FileIO.writeFile(destination.path, try FileIO.contents(of: staticFolder.appending(path: path).path))
            }
            try Data("linky-site output folder: each build replaces it whole.\n".utf8)
                .write(to: temporary.appending(path: Self.marker))
        } catch let error as TemplateRenderError {
            try? manager.removeItem(at: temporary)
            throw .render(error)
        } catch {
            try? manager.removeItem(at: temporary)
            throw .io("could not write the new output next to \(output.path): \(error.systemReason)")
        }
        let measure: OutputMeasure
        do throws(Failure) {
            try finish?(temporary)
            measure = try measured(temporary)
            if let problems = check?(measure), !problems.isEmpty { throw .doesNotFit(problems) }
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
        try swapIn(temporary)
        return OutputUpdate.Counts(written: written, measure: measure)
    }

    /// The new output's measure, from the folder it was written to.
    private func measured(_ folder: URL) throws(Failure) -> OutputMeasure {
        do {
            return try OutputMeasure.of(folder)
        } catch {
            throw .io("could not list the new output next to \(output.path): \(error.systemReason)")
        }
    }

    /// `.NAME.SUFFIX` beside the output, like the journal of an update: where the files that belong to
    /// an output but are never published go (its lock, the rebuild's state).
    /// NAME is cut to 200 bytes, so every such name fits the 255 bytes of a file name.
    static func sibling(of output: URL, _ suffix: String) -> URL {
        output.deletingLastPathComponent().appending(path: siblingPrefix(of: output) + suffix)
    }

    /// `.NAME.`, NAME cut to 200 bytes at a character boundary.
    static func siblingPrefix(of output: URL) -> String {
        "." + ConfinedFolder.prefix(of: output.lastPathComponent, bytes: 200) + "."
    }

    /// What is where `output` goes, after a build that failed: an update it could neither finish nor
    /// undo (its journal is there), an output of ours, or nothing of ours.
    static func left(at output: URL) -> BuildReport.OutputLeft {
        if access(OutputUpdate.journalPaths(output).committed, F_OK) == 0 { return .unfinishedUpdate }
        var status = stat()
        return lstat(output.appending(path: marker).path, &status) == 0 ? .previousOutput : .nothing
    }

    /// Whether `write` would go ahead: the output is not a folder it must leave alone.
    var isSafe: Bool {
        do {
            try checkSafety()
            return true
        } catch {
            return false
        }
    }

    /// Whether `write(inPlace: true)` updates the existing output rather than writing a new one: there
    /// is one of ours, and nothing (the PDF) needs the whole output in one new folder.
    func updatesInPlace(finish: Bool) -> Bool {
        !finish && FileManager.default.fileExists(atPath: output.appending(path: Self.marker).path)
    }

    /// The in-place path of `write`.
    private func update(
        staticFolder: URL, staticFiles: [String], copies: CopiedFiles, layers: CacheLayers, stamps: StampLog?,
        existing listed: (@Sendable () async -> [String]?)?, sizes: Sizes?, check: Check?,
        produce: (_ store: @escaping Store, _ keep: @escaping Keep) async throws -> Void
    ) async throws(Failure) -> OutputUpdate.Counts {
        let update = OutputUpdate(output: output, stamps: stamps, layers: layers)
        // Listed while the new files render (unless the caller lists them, also while they render, and
        // is waited for only when needed): nothing touches the output until the commit.
        let output = output
        let existing = Task {
            if let paths = await listed?() { return paths }
            return try OutputUpdate.filesBelow(output)
        }
        do {
            try update.begin()
            // With the caller's listing, the pictures already there are known from it.
            async let copied: Void = {
                var pictures: Set<String>?
                if listed != nil, !copies.items.isEmpty {
                    pictures = Set(try await existing.value.lazy.filter { $0.hasPrefix(copies.folder + "/") })
                }
                try copies.stage(into: update, listed: pictures)
            }()
            try await produce(
                { files in
                    for file in files { try update.stage(file.path, file.contents) }
                }, { update.keep($0) })
            try await copied
            for path in staticFiles { try update.stageCopy(of: staticFolder.appending(path: path), as: path) }
            let known = await sizes?() ?? [:]
            let measure = update.measure { known[$0]??.size }
            if let problems = check?(measure), !problems.isEmpty { throw Failure.doesNotFit(problems) }
            var counts = try update.commit(existing: try await existing.value)
            counts.measure = measure
            return counts
        } catch let failure as Failure {
            update.abandon()
            throw failure
        } catch let error as TemplateRenderError {
            update.abandon()
            throw .render(error)
        } catch {
            update.abandon()
            throw .io("could not update the output at \(output.path): \(error.systemReason)")
        }
    }
}

// MARK: - Steps

private extension OutputWriter {
    func checkSafety() throws(Failure) {
        let target = FileIO.realPath(output)
        if target == "/" || target == FileIO.realPath(URL(fileURLWithPath: NSHomeDirectory())) {
            throw .unsafe(
                "the output folder cannot be \(target)",
                hint: "choose an output folder of its own, e.g. `--output _site`")
        }
        for folder in [siteFolder] + sourceFolders {
            let protected = FileIO.realPath(folder)
            if target == protected || protected.hasPrefix(target + "/") {
                throw .unsafe(
                    "the output folder \(output.path) would replace \(folder.path), which holds the site's source",
                    hint: "choose an output folder of its own, e.g. `--output _site`")
            }
        }
        for folder in sourceFolders where target.hasPrefix(FileIO.realPath(folder) + "/") {
            throw .unsafe(
                "the output folder \(output.path) is inside the source folder \(folder.path)",
                hint: "choose an output folder outside the content, templates and static folders")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .unsafe(
                "\(output.path) exists and is a file, not a folder", hint: "remove it or choose another output folder")
        }
        // A folder is ours only when it shows our marker, or is empty: one that cannot be listed proves
        // neither, so it is as foreign as one holding someone's files.
        let contents: [String]
        do {
            contents = try FileManager.default.contentsOfDirectory(atPath: output.path)
        } catch {
            throw .unsafe(
                "the folder \(output.path) cannot be read, so linky-site cannot tell whether it made it; it is left alone",
                hint:
                    "make it readable (`chmod u+rwx`) if it is an output of linky-site, or choose another output folder"
            )
        }
        if !contents.isEmpty, !contents.contains(Self.marker) {
            throw .unsafe(
                "the folder \(output.path) exists, is not empty and was not made by linky-site, so it is left alone",
                hint: "remove it yourself or choose another output folder")
        }
    }

    func swapIn(_ temporary: URL) throws(Failure) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            do {
                try manager.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.moveItem(at: temporary, to: output)
            } catch {
                try? manager.removeItem(at: temporary)
                throw .io("could not move the new output into place at \(output.path): \(error.systemReason)")
            }
            return
        }
        if linky_exchange_paths(temporary.path, output.path) == 0 {
            // `temporary` now holds the previous output.
            try? manager.removeItem(at: temporary)
            return
        }
        // No atomic exchange on this file system: two renames, with the old output kept until the end.
        let previous = Self.sibling(of: output, "linky-old-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try manager.moveItem(at: output, to: previous)
        } catch {
            try? manager.removeItem(at: temporary)
            throw .io("could not replace \(output.path): \(error.systemReason)")
        }
        do {
            try manager.moveItem(at: temporary, to: output)
        } catch {
            try? manager.moveItem(at: previous, to: output)
            try? manager.removeItem(at: temporary)
            throw .io("could not replace \(output.path): \(error.systemReason)")
        }
        try? manager.removeItem(at: previous)
    }

    /// Temporary folders of builds that were killed. The build holds the output's lock (`OutputLock`), so
    /// every one is stale but this process's own (its parse store may still be being written). Also the
    /// `.NAME.linky-spare` folder earlier versions kept the replaced big files in (they saved nothing
    /// measurable; see Benchmarks/README.md).
    func removeStaleTemporaryFolders(in parent: URL) {
        let prefix = Self.siblingPrefix(of: output) + "linky-"
        let own = "-\(ProcessInfo.processInfo.processIdentifier)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names
        where ((name.hasPrefix(prefix + "tmp-") || name.hasPrefix(prefix + "old-")) && !name.hasSuffix(own))
            || name == prefix + "spare"
        {
            let folder = parent.appending(path: name)
            // An old output left by an interrupted fallback swap is restored rather than deleted.
            var status = stat()
            if name.hasPrefix(prefix + "old-"), !FileManager.default.fileExists(atPath: output.path),
                lstat(folder.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR
            {
                try? FileManager.default.moveItem(at: folder, to: output)
                continue
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

// MARK: - Files

/// A new output being filled: files go straight to their place, their folders made as they are
/// first needed. Render tasks store into it in parallel.
final class FreshOutput: Sendable {
    let root: String
    private let written = Mutex(0)
    let stamps: StampLog?

    init(root: String, stamps: StampLog? = nil) {
        self.root = root
        self.stamps = stamps
    }

    var count: Int { written.withLock { $0 } }

    func store(_ files: [OutputFile]) throws {
        var made = Set<Substring>()
        for file in files {
            if let slash = file.path.lastIndex(of: "/") {
                let folder = file.path[..<slash]
                if made.insert(folder).inserted { try FileIO.makeFolder(root + "/" + folder) }
            }
            let stamp = try FileIO.writeFile(root + "/" + file.path, file.contents)
            stamps?.record(file.path, stamp)
        }
        written.withLock { $0 += files.count }
    }
}

/// Each file the build stored (written, or found with the same bytes) with the stamp it got: for the
/// next build's `BuildState`, which files the output has and how this build left them. Filled by render
/// tasks at once.
final class StampLog: Sendable {
    private let stamps = Mutex<[PathKey: FileStamp]>([:])

    init() {}

    func record(_ path: String, _ stamp: FileStamp) {
        stamps.withLock { $0[PathKey(path)] = stamp }
    }

    var all: [PathKey: FileStamp] { stamps.withLock { $0 } }
}
