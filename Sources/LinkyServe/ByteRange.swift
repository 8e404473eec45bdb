import Foundation

/// A single `Range: bytes=…` request against a body of `size` bytes.
enum ByteRange: Equatable {
    /// Serve the whole body (no range, several ranges, or a header we do not understand).
    case whole
    case partial(ClosedRange<Int>)
    case unsatisfiable

    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
            self = .whole
            return
        }
        let spec = String(header.dropFirst("bytes=".count)).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            self = .whole
            return
        }
        if parts[0].isEmpty {
            // The last N bytes.
            guard let suffix = Int(parts[1]), suffix >= 0 else {
                self = .whole
                return
            }
            self = suffix == 0 || size == 0 ? .unsatisfiable : .partial(max(0, size - suffix)...(size - 1))
            return
        }
        guard let start = Int(parts[0]), start >= 0 else {
            self = .whole
            return
        }
        let end: Int
        if parts[1].isEmpty {
            end = size - 1
        } else {
            guard let last = Int(parts[1]), last >= start else {
                self = .whole
                return
            }
            end = min(last, size - 1)
        }
        self = start >= size ? .unsatisfiable : .partial(start...end)
    }
}
