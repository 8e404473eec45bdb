import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock (`flock`) on an output, held by a build that writes from before it finishes an
/// interrupted update (`OutputUpdate.recover`) until its last file beside the output is written: two
/// builds never write one output at once, and a build never finishes the journal of one still running.
///
/// A second build does not wait: it stops at once and says that another build is running, so a stuck
/// build never hangs the next one (in CI, say). The kernel drops the lock of a build that dies, killed or
/// not. The lock file, `.NAME.linky-lock` beside the output, is removed by the build that holds it.
final class OutputLock: Sendable {
    enum Failure: Error {
        /// Another process holds the lock.
        case held
        case io(String)
    }

    let path: String
    /// The folders `acquire` made for the output to sit in, outermost first.
    let madeFolders: [String]
    private let descriptor: Mutex<Int32>

    private init(path: String, descriptor: Int32, madeFolders: [String]) {
        self.path = path
        self.descriptor = Mutex(descriptor)
        self.madeFolders = madeFolders
    }

    deinit { release() }

    /// Takes the lock on `output`, making the folder it sits in if need be; throws `.held` at once when
    /// another build holds it.
    static func acquire(_ output: URL) throws(Failure) -> OutputLock {
        var missing: [String] = []
        var folder = output.deletingLastPathComponent().path
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0, errno == ENOENT {
            missing.insert(folder, at: 0)
            folder = (folder as NSString).deletingLastPathComponent
        }
        for folder in missing where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw .io(FileIO.posixError("create folder \(folder)").systemReason)
        }
        let path = OutputWriter.sibling(of: output, "linky-lock").path
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .io(FileIO.posixError("create \(path)").systemReason) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EINTR { continue }
                if code == EWOULDBLOCK { throw .held }
                errno = code
                throw .io(FileIO.posixError("lock \(path)").systemReason)
            }
            // The holder before us removes the file as it lets go: a lock on a file no longer at `path`
            // locks nothing another build would look at, so take the one there now.
            var held = stat()
            var named = stat()
            if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev,
                held.st_ino == named.st_ino
            {
                return OutputLock(path: path, descriptor: descriptor, madeFolders: missing)
            }
            close(descriptor)
        }
    }

    /// For a build that leaves no output: removes everything it left beside the output (`.NAME.linky-*`:
    /// the parses, the state, temporary files), lets go and removes the folders `acquire` made, so a
    /// failed first build leaves nothing behind.
    func releaseLeavingNothing(_ output: URL) {
        let parent = output.deletingLastPathComponent()
        let prefix = OutputWriter.siblingPrefix(of: output) + "linky-"
        let lockName = (path as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name != lockName {
            try? FileManager.default.removeItem(at: parent.appending(path: name))
        }
        release()
        for folder in madeFolders.reversed() { rmdir(folder) }
    }

    /// Removes the lock file and lets go; what comes after is a no-op.
    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            // Removed while still held, so a build that opened it meanwhile sees it gone and opens anew.
            unlink(path)
            close(descriptor)
            descriptor = -1
        }
    }
}
