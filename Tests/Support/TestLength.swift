import Foundation

/// How long the oracle tests run: `scripts/test` runs the short versions, `scripts/test-long` (before a
/// release) sets `LINKY_TEST_LONG=1` and runs the long ones. The short and the long version of a test
/// check the same things on the same kind of site; the long one makes more edits, or edits a larger site.
public enum TestLength {
    public static let isLong: Bool = {
        let value = ProcessInfo.processInfo.environment["LINKY_TEST_LONG"] ?? ""
        return value != "" && value != "0"
    }()

    /// `short` in `scripts/test`, `long` in `scripts/test-long`.
    public static func pick<Value>(short: Value, long: Value) -> Value {
        isLong ? long : short
    }
}
