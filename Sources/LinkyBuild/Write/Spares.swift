import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The big files a rebuild replaces (the print page, `links.json`, the search index, the bookmarks:
/// made from every link, so remade by every rebuild) are kept, once replaced, beside the output in
/// `.NAME.linky-spare/`, and the next rebuild writes their successors into them in place.
///
/// A new file takes fresh pages for its page cache; overwriting a file reuses the pages it has. On a
/// virtual machine whose host takes back the guest's free memory (as the benchmark machine's does),
/// fresh pages cost several times as much to fill: writing 48 MB into a new file took 103 ms there,
/// into a file of that size written ten seconds before 12.5 ms, and these files are most of the bytes
/// a one-file rebuild writes.
///
/// A spare is never part of the output: it is the replaced file, linked aside just before the move
/// that replaces it, and it is written only while no other name links it. Losing one costs a new file.
struct Spares: Sendable {
    let folder: String

    init(_ output: URL) { folder = OutputWriter.sibling(of: output, "linky-spare").path }

    /// Files from a megabyte to 32: those of a 10,000-link site, not the 130 MB ones of a 100,000-link
    /// site (which would double the disk the output takes).
    static func isWorthKeeping(_ size: Int) -> Bool { size >= 1 << 20 && size <= 32 << 20 }

    /// Where the spare of the output's `path` is.
    func location(_ path: String) -> String {
        folder + "/" + path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    /// Writes `contents` into the spare of `path` and moves it to `destination`; nil when there is no
    /// spare to use, and the caller writes a new file.
    func overwrite(_ path: String, as destination: String, with contents: some ContiguousBytes) -> FileStamp? {
        let spare = location(path)
        let descriptor = open(spare, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var moved = false
        defer {
            close(descriptor)
            if !moved { unlink(spare) }
        }
        var status = stat()
        // Linked elsewhere (an update that failed between linking it aside and replacing the file):
        // writing it would write the output.
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1 else {
            return nil
        }
        // Opened at its start: written from there, then cut to the new length.
        let written = contents.withUnsafeBytes { buffer -> Bool in
            (try? FileIO.writeAll(descriptor, buffer, path: spare)) != nil
                && ftruncate(descriptor, off_t(buffer.count)) == 0
        }
        guard written, fstat(descriptor, &status) == 0, rename(spare, destination) == 0 else { return nil }
        moved = true
        return FileStamp(status).withoutChangeTime
    }

    /// Links the output's file at `destination` (about to be replaced) aside as the spare of `path`.
    func keep(_ destination: String, as path: String) {
        let spare = location(path)
        unlink(spare)
        if link(destination, spare) != 0, errno == ENOENT {
            mkdir(folder, 0o755)
            link(destination, spare)
        }
    }

    /// Removes the spares of files the output no longer has.
    func keepOnly(_ paths: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = name.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
            if !paths.contains(path) { unlink(folder + "/" + name) }
        }
    }
}
