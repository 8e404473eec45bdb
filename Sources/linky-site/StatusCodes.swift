import ArgumentParser
import Foundation

/// HTTP statuses written as `200..299,403` (also `200..=299` or `200-299`).
struct StatusCodes: ExpressibleByArgument, Sendable {
    var codes: Set<Int>

    init?(argument: String) {
        codes = []
        for part in argument.split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            let bounds: [Substring]
            if item.contains("..=") {
                bounds = item.split(separator: "..=", omittingEmptySubsequences: false)
            } else if item.contains("..") {
                bounds = item.split(separator: "..", omittingEmptySubsequences: false)
            } else {
                bounds = item.split(separator: "-", omittingEmptySubsequences: false)
            }
            let numbers = bounds.map { Int($0) }
            guard (1...2).contains(numbers.count), let low = numbers.first ?? nil, let high = numbers.last ?? nil,
                numbers.allSatisfy({ $0 != nil }), 100 <= low, low <= high, high <= 599
            else { return nil }
            codes.formUnion(low...high)
        }
        guard !codes.isEmpty else { return nil }
    }
}
