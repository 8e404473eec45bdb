/// Where in the site's source a problem is: a path relative to the site folder, and a 1-based line.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, as compilers print it.
    public var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let line, line > 0, let column { text += ":\(column)" }
        return text
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line ?? 0, a.column ?? 0) < (b.path, b.line ?? 0, b.column ?? 0)
    }
}

/// One problem found in a site: what, where, and what to do about it.
public struct Diagnostic: Hashable, Sendable, Codable, Comparable {
    public enum Severity: String, Sendable, Codable, Comparable {
        case warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public var code: DiagnosticCode
    public var severity: Severity
    public var location: SourceLocation?
    /// What is wrong, one sentence without a final period.
    public var message: String
    /// What to do about it.
    public var hint: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, at location: SourceLocation?, _ message: String,
        hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
        self.hint = hint
    }

    public static func error(
        _ code: DiagnosticCode, at location: SourceLocation?, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, code, at: location, message, hint: hint)
    }

    public static func warning(
        _ code: DiagnosticCode, at location: SourceLocation?, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, code, at: location, message, hint: hint)
    }

    /// Sorted by file, line, then code, so reports read top to bottom and are stable.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let left = a.location ?? SourceLocation(path: "")
        let right = b.location ?? SourceLocation(path: "")
        if left != right { return left < right }
        if a.code != b.code { return a.code.rawValue < b.code.rawValue }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}

/// A diagnostic can travel as the failure of a `Result`.
extension Diagnostic: Error {}
