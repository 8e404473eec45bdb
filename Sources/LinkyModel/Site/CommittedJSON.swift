import Foundation

/// A JSON file a site commits beside its content (`metadata.json`, `pictures/index.json`): written
/// with keys sorted, one field per line and a newline at the end, so that a change shows as a small
/// diff; read back only when no newer linky-site wrote it.
protocol CommittedJSON: Codable {
    /// The file's format version, written in it.
    var version: Int { get }
}

extension CommittedJSON {
    /// The file's bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("encoding strings and integers as JSON cannot fail: \(error)")
        }
    }

    /// Reads the file's bytes; `what` names the file in the error (`a metadata cache`). A version above
    /// `newest` is refused: an older linky-site would drop what it cannot read when it writes it again.
    static func decoded(_ data: Data, what: String, newest: Int) throws(MetadataCache.Failure) -> Self {
        let file: Self
        do {
            file = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .unreadable("not \(what): \(error)")
        }
        guard file.version <= newest else {
            throw .unreadable("written by a newer linky-site (format \(file.version)); update linky-site to read it")
        }
        return file
    }
}
