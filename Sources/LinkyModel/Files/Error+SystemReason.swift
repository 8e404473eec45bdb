import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Error {
    /// Why a file operation failed, as the system says it ("No such file or directory", "Permission
    /// denied"): Foundation's sentences ("The operation could not be completed. The file doesn't
    /// exist.") are not ours, and name no cause a user can act on.
    /// With the path the error names, when it names one: `/out/feed.xml: Permission denied`.
    public var systemReason: String {
        let error = self as NSError
        let reason = Self.reason(error)
        guard
            let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path,
            reason != error.localizedDescription
        else { return reason }
        return "\(path): \(reason)"
    }

    /// The reason alone, for a message that names the file itself.
    public var systemCause: String { Self.reason(self as NSError) }

    private static func reason(_ error: NSError) -> String {
        // An error that carries its own words (ours: `FileIO.posixError`) is said as it is.
        if let own = error.userInfo[NSLocalizedDescriptionKey] as? String { return own }
        if error.domain == NSPOSIXErrorDomain { return Self.posixText(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Self.posixText(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return Self.posixText(ENOENT)
            case .fileReadNoPermission, .fileWriteNoPermission: return Self.posixText(EACCES)
            case .fileWriteOutOfSpace: return Self.posixText(ENOSPC)
            case .fileWriteVolumeReadOnly: return Self.posixText(EROFS)
            case .fileWriteFileExists: return Self.posixText(EEXIST)
            case .fileReadTooLarge: return Self.posixText(EFBIG)
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "its bytes cannot be read as text"
            default: break
            }
        }
        return error.localizedDescription
    }

    private static func posixText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
