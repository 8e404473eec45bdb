import Foundation
import LinkyModel

/// `sync.json`, committed beside `linky.yml`: per source (a service account, with its tag), which
/// link file each bookmark became and what was written into it, so the next `import --from SERVICE`
/// adds only what is new, updates what the source changed, and knows a file the curator has edited
/// since (its bytes are no longer what was written) and never overwrites it. No token is ever in it.
public struct SyncRecord: Codable, Sendable, Equatable {
    public static let fileName = "sync.json"
    public static let currentVersion = 1

    /// One source: a service at an address, one user's stars, one tag.
    public struct Source: Codable, Sendable, Equatable {
        public var service: String
        /// The API's address, without user or password.
        public var url: String
        public var user: String?
        public var tag: String?
        /// When the last run that read everything and changed something ended (ISO 8601, UTC).
        public var synced: String?
        /// When the service last changed, as it said (Pinboard's `update_time`).
        public var version: String?
        /// The service's id → what became of it.
        public var links: [String: Link] = [:]
    }

    /// One bookmark's file.
    public struct Link: Codable, Sendable, Equatable {
        /// Relative to the site folder.
        public var path: String
        /// The address, for messages about a bookmark gone from the source.
        public var url: String
        /// The SHA-256 (first 16 hex digits) of the bytes last written, or of the curator's version once
        /// it matched the source's.
        public var written: String
        /// The curator deleted the file: the bookmark is not imported again.
        public var deleted: Bool?
    }

    public var version = SyncRecord.currentVersion
    /// By `key(...)`.
    public var sources: [String: Source] = [:]

    public init() {}

    /// `linkding https://links.example.org #publish`, `github-stars https://api.github.com @octocat`.
    public static func key(service: String, url: String, user: String?, tag: String?) -> String {
        var key = "\(service) \(url)"
        if let user { key += " @\(user)" }
        if let tag { key += " #\(tag)" }
        return key
    }

    /// The record of `siteFolder`; an empty one when there is none yet.
    public static func load(from siteFolder: URL) throws(SyncRecordFailure) -> SyncRecord {
        let file = siteFolder.appending(path: fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if FileManager.default.fileExists(atPath: file.path) {
                throw SyncRecordFailure(reason: "it cannot be read")
            }
            return SyncRecord()
        }
        let record: SyncRecord
        do {
            record = try JSONDecoder().decode(SyncRecord.self, from: data)
        } catch {
            throw SyncRecordFailure(reason: "it is not a sync record linky-site wrote (\(Self.describe(error)))")
        }
        guard record.version <= currentVersion else {
            throw SyncRecordFailure(
                reason: "it is version \(record.version), newer than this linky-site reads (\(currentVersion))")
        }
        return record
    }

    /// The file's bytes: keys sorted, one field a line, so a sync's commit shows what it changed.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self)) + [0x0A]
        } catch {
            preconditionFailure("encoding strings and numbers as JSON cannot fail: \(error)")
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let context): return context.debugDescription
        case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        @unknown default: return "not JSON"
        }
    }
}

/// `sync.json` is there but cannot be used: nothing is written until it is mended.
public struct SyncRecordFailure: Error, Equatable {
    public var reason: String

    public var diagnostic: Diagnostic {
        .error(
            .syncRecordUnreadable, at: SourceLocation(path: SyncRecord.fileName),
            "\(SyncRecord.fileName) cannot be used: \(reason); nothing was imported",
            hint:
                "restore it from git (git checkout \(SyncRecord.fileName)); deleting it makes the next import treat every bookmark as new and skip those already in the site"
        )
    }
}
