import LinkyModel

extension Array where Element == Diagnostic {
    /// The value a parse produced, or nil with its diagnostic recorded — under `code` when a file
    /// type has its own (`linky.yml`'s LINKY150, `tags.yml`'s LINKY140).
    mutating func take<T>(_ produced: Result<T, Diagnostic>, as code: DiagnosticCode? = nil) -> T? {
        switch produced {
        case .success(let value): return value
        case .failure(var diagnostic):
            if let code { diagnostic.code = code }
            append(diagnostic)
            return nil
        }
    }
}
