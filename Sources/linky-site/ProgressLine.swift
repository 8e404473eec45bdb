import Foundation
import Synchronization

/// Progress of long work (checking links, fetching pages) on standard error.
///
/// On a terminal it is one line redrawn in place, `[=====>    ] 120/500 links  3 broken`, erased by
/// `finish()` so that the report after it starts on a clean line. Elsewhere (CI logs, a file, a
/// pipe; or when `CI` is set) it stays quiet: a plain line when another tenth of the work is done,
/// at most one every ten seconds, so a short run prints nothing and a long one a handful of lines.
/// Safe to call from many tasks at once.
final class ProgressLine: Sendable {
    struct State {
        var done = 0
        /// Counts of the notes given to `advance`, in the order first seen.
        var notes: [(note: String, count: Int)] = []
        var lastDrawn: ContinuousClock.Instant?
        var lastTenth = 0
        var printedQuietLine = false
        var finished = false
    }

    private let total: Int
    private let label: String
    private let interactive: Bool
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    /// - Parameters:
    ///   - total: how many items the work has.
    ///   - label: what they are, plural: `links`, `pages`.
    ///   - interactive: redraw in place; by default when standard error is a terminal and `CI` is
    ///     not set.
    init(total: Int, label: String, interactive: Bool = ProgressLine.standardErrorIsInteractive) {
        self.total = max(total, 0)
        self.label = label
        self.interactive = interactive
        if interactive, total > 0 { state.withLock { draw(&$0) } }
    }

    /// True when standard error is a terminal and the environment is not a CI job.
    static var standardErrorIsInteractive: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDERR_FILENO) == 1 && environment["CI"] == nil && environment["TERM"] != "dumb"
    }

    /// One more item is done; `note`, if given, is counted and shown (`3 broken`).
    func advance(note: String? = nil) {
        state.withLock { state in
            guard !state.finished else { return }
            state.done = min(state.done + 1, total)
            if let note {
                if let index = state.notes.firstIndex(where: { $0.note == note }) {
                    state.notes[index].count += 1
                } else {
                    state.notes.append((note, 1))
                }
            }
            let now = ContinuousClock.now
            if interactive {
                // A redraw per item would flood a slow terminal; ten a second looks continuous.
                if state.done == total || state.lastDrawn.map({ now - $0 >= .milliseconds(100) }) ?? true {
                    draw(&state)
                }
            } else {
                let tenth = total == 0 ? 10 : state.done * 10 / total
                guard tenth > state.lastTenth, now - (state.lastDrawn ?? started) >= .seconds(10) else { return }
                state.lastTenth = tenth
                state.lastDrawn = now
                state.printedQuietLine = true
                write(summary(state) + "\n")
            }
        }
    }

    /// The work is done: erases the line on a terminal; in a log, ends with the final count if
    /// progress was shown at all.
    func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            if interactive {
                write("\r\u{1B}[K")
            } else if state.printedQuietLine {
                write(summary(state) + "\n")
            }
        }
    }
}

// MARK: - Private

private extension ProgressLine {
    func draw(_ state: inout State) {
        state.lastDrawn = .now
        let width = 24
        let filled = total == 0 ? width : state.done * width / total
        let bar =
            filled >= width
            ? String(repeating: "=", count: width)
            : String(repeating: "=", count: filled) + ">" + String(repeating: " ", count: width - filled - 1)
        write("\r[\(bar)] \(summary(state))\u{1B}[K")
    }

    func summary(_ state: State) -> String {
        var text = "\(state.done)/\(total) \(label)"
        if !state.notes.isEmpty {
            text += "  " + state.notes.map { "\($0.count) \($0.note)" }.joined(separator: ", ")
        }
        if !interactive {
            text += String(format: " (%.0f s)", (ContinuousClock.now - started) / .seconds(1))
        }
        return text
    }

    /// The bar, made here (its `\r` and erase-line are the program's own): written as it is.
    func write(_ text: String) {
        Terminal.error(TerminalText(trusted: text))
    }
}
