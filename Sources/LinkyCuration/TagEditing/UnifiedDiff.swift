/// A unified diff of two versions of a file, as `git diff` prints it: `---`/`+++` headers, `@@`
/// hunks with 3 lines of context, `\ No newline at end of file` where that applies. Lines are
/// compared byte for byte (a line ending is part of its line), with Myers' algorithm.
enum UnifiedDiff {
    static func render(path: String, before: [UInt8], after: [UInt8], context: Int = 3, isNew: Bool = false) -> String {
        let old = lines(before)
        let new = lines(after)
        let operations = diff(old, new)
        var changed = operations.indices.filter { operations[$0].kind != .same }
        guard !changed.isEmpty else { return "" }
        var output = "--- \(isNew ? "/dev/null" : "a/" + path)\n+++ b/\(path)\n"
        while let first = changed.first {
            var last = first
            while let next = changed.first(where: { $0 > last }), next - last <= 2 * context + 1 { last = next }
            changed.removeAll { $0 <= last }
            let hunk = max(0, first - context)..<min(operations.count, last + context + 1)
            output += header(operations, hunk)
            for operation in operations[hunk] {
                let (mark, line) =
                    switch operation.kind {
                    case .same: (" ", old[operation.old])
                    case .removed: ("-", old[operation.old])
                    case .added: ("+", new[operation.new])
                    }
                output += mark + String(decoding: line, as: UTF8.self)
                if line.last != 0x0A { output += "\n\\ No newline at end of file\n" }
            }
        }
        return output
    }
}

// MARK: - Helpers

private extension UnifiedDiff {
    struct Operation {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// Index in the old lines (for `same` and `removed`), else the old lines before it.
        var old: Int
        /// Index in the new lines (for `same` and `added`), else the new lines before it.
        var new: Int
    }

    /// Lines with their line endings (split after each LF, as git does).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    static func header(_ operations: [Operation], _ hunk: Range<Int>) -> String {
        let slice = operations[hunk]
        let oldCount = slice.filter { $0.kind != .added }.count
        let newCount = slice.filter { $0.kind != .removed }.count
        let firstOld = slice.first!.old + (oldCount == 0 ? 0 : 1)
        let firstNew = slice.first!.new + (newCount == 0 ? 0 : 1)
        func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
        return "@@ -\(range(firstOld, oldCount)) +\(range(firstNew, newCount)) @@\n"
    }

    /// Myers' O((N+M)D) diff of two line lists; the common start and end are matched first.
    static func diff(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Operation] {
        var ids: [ArraySlice<UInt8>: Int] = [:]
        let x = a.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count; return ids.count - 1
                }()
        }
        let y = b.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count; return ids.count - 1
                }()
        }
        var prefix = 0
        while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] {
            suffix += 1
        }
        let n = x.count - prefix - suffix
        let m = y.count - prefix - suffix
        let maximum = n + m
        var v = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        search: for d in 0...maximum {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var i =
                    k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1])
                    ? v[maximum + k + 1] : v[maximum + k - 1] + 1
                var j = i - k
                while i < n, j < m, x[prefix + i] == y[prefix + j] {
                    i += 1
                    j += 1
                }
                v[maximum + k] = i
                if i >= n, j >= m { break search }
            }
        }
        // Walk the trace back from the end to find the path.
        var middle: [Operation] = []
        var i = n
        var j = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) where d > 0 || i > 0 || j > 0 {
            let v = trace[d]
            let k = i - j
            let previousK =
                k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) ? k + 1 : k - 1
            let previousI = d == 0 ? 0 : v[maximum + previousK]
            let previousJ = previousI - previousK
            while i > previousI, j > previousJ {
                i -= 1
                j -= 1
                middle.append(Operation(kind: .same, old: prefix + i, new: prefix + j))
            }
            guard d > 0 else { break }
            if i == previousI {
                j -= 1
                middle.append(Operation(kind: .added, old: prefix + i, new: prefix + j))
            } else {
                i -= 1
                middle.append(Operation(kind: .removed, old: prefix + i, new: prefix + j))
            }
        }
        let head = (0..<prefix).map { Operation(kind: .same, old: $0, new: $0) }
        let tail = (0..<suffix).map { Operation(kind: .same, old: prefix + n + $0, new: prefix + m + $0) }
        return head + middle.reversed() + tail
    }
}
