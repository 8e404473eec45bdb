import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `git` in a folder, for reading a repository: what it printed and how it ended.
package struct GitCommand: Sendable {
    /// How a run ended.
    package struct Run: Sendable {
        package var status: Int32
        package var output: Data
        /// What git said on its error stream, trimmed.
        package var error: String
    }

    /// `git` could not be started: it is not installed.
    package struct Missing: Error {}

    /// The folder git runs in.
    package let folder: URL
    /// The git program; found on the `PATH` unless given.
    package let git: String

    /// Held while a program starts.
    private static let starting = Mutex(())

    package init(folder: URL, git: String = "git") {
        self.folder = folder
        self.git = git
    }

    /// Runs `git -C folder arguments…`, reading all it prints.
    ///
    /// Reading takes no optional locks (a git command the user runs meanwhile is not disturbed), and the
    /// messages are in English, as the callers read them.
    package func run(_ arguments: [String]) throws(Missing) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [git, "-C", folder.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        // Never ask the terminal for anything (a credential, a pager).
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // One start at a time: Foundation's `Process.run` crashed (in its copying, on Linux) when builds
        // running side by side (a test suite's) started programs at once.
        let started = Self.starting.withLock { _ in (try? process.run()) != nil }
        guard started else { throw Missing() }
        // The error stream is read on its own thread: a long log fills the output pipe while git may
        // still write a warning, and reading one pipe after the other could then block both.
        let message = ErrorText()
        let reader = Thread {
            message.set(errors.fileHandleForReading.readDataToEndOfFile())
        }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // git has closed its output, so it is ending. Not `waitUntilExit`: off the main thread it
        // spins on a run loop with nothing in it.
        while process.isRunning { usleep(1_000) }
        while !message.isSet { usleep(500) }
        // `env` answers 127 when it cannot find the program.
        if process.terminationStatus == 127 { throw Missing() }
        return Run(
            status: process.terminationStatus, output: data,
            error: String(decoding: message.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

// MARK: - Private

private final class ErrorText: Sendable {
    private let value = Mutex<Data?>(nil)

    func set(_ data: Data) { value.withLock { $0 = data } }
    var isSet: Bool { value.withLock { $0 != nil } }
    var data: Data { value.withLock { $0 ?? Data() } }
}
