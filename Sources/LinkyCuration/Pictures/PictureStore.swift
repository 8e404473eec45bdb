import CLinkyDigest
import Foundation
import LinkyImages
import LinkyModel

/// The files of link cards' pictures in a site's `pictures/` folder, each named after the SHA-256 of
/// the bytes it was made from (`<24 hex digits>-400w.webp`), so the same picture found at two addresses
/// is stored once and a changed picture gets new names.
public struct PictureStore: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The bytes are not a picture that can be used (the reason names it).
        case picture(ImageError)
        /// A file of `pictures/` could not be written.
        case notWritten(path: String, reason: String)

        public var description: String {
            switch self {
            case .picture(let error): error.description
            case .notWritten(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    public let siteFolder: URL
    public var limits = ImageLimits.standard

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    var folder: URL { siteFolder.appending(path: PictureIndex.folderName) }

    /// The SHA-256 of `bytes`, in lowercase hex.
    static func sha256(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let done = bytes.withUnsafeBytes { linky_sha256($0.baseAddress, $0.count, &digest) }
        precondition(done == 1, "libcrypto's SHA-256 failed")
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest { text += [hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes downloaded `bytes` (within `limits`), makes the card's files (`CardPictures`) and writes
    /// those not there yet, each whole or not at all.
    public func store(
        _ bytes: [UInt8], kind: PictureIndex.Kind, fetched: String
    ) throws(Failure)
        -> PictureIndex.Entry
    {
        let picture: RGBAImage
        let variants: [PictureVariant]
        do {
            picture = try RGBAImage.decode(bytes, limits: limits)
            variants = kind == .preview ? try CardPictures.preview(picture) : try CardPictures.icon(picture)
        } catch {
            throw .picture(error)
        }
        let sha256 = Self.sha256(bytes)
        let key = String(sha256.prefix(24))
        let site: ConfinedFolder
        do {
            site = try ConfinedFolder(siteFolder)
        } catch {
            throw .notWritten(path: PictureIndex.folderName, reason: error.description)
        }
        var files: [PictureIndex.File] = []
        for variant in variants {
            let name = "\(key)-\(variant.suffix)"
            let path = "\(PictureIndex.folderName)/\(name)"
            do {
                var status = stat()
                if lstat(try site.path(path), &status) != 0 { try site.write(variant.bytes, to: path) }
            } catch {
                throw .notWritten(path: path, reason: error.description)
            }
            files.append(
                PictureIndex.File(name: name, width: variant.width, height: variant.height, bytes: variant.bytes.count))
        }
        return PictureIndex.Entry(
            kind: kind, sha256: sha256, width: picture.width, height: picture.height, files: files, fetched: fetched)
    }

    /// Whether `pictures/` has a file of that name.
    public func holds(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appending(path: name).path)
    }

    /// Whether `name` is a file this store makes: only those are ever removed.
    static func isStoreFile(_ name: String) -> Bool {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 24, parts[0].allSatisfy(\.isHexDigit),
            parts[0].allSatisfy({ !$0.isUppercase })
        else { return false }
        let rest = parts[1]
        for ending in ["w.webp", "w.jpg", "w.png"] where rest.hasSuffix(ending) {
            let width = rest.dropLast(ending.count)
            return !width.isEmpty && width.allSatisfy(\.isASCII) && width.allSatisfy(\.isNumber)
        }
        return false
    }

    /// Removes the files of `pictures/` that `index` does not use, of those this store names (any other
    /// file there is the site's own and stays). Returns their names, sorted.
    @discardableResult public func prune(keeping index: PictureIndex) -> [String] {
        let used = index.fileNames
        // Only inside the site on its real path: a `pictures/` that is a link elsewhere is not pruned.
        guard let site = try? ConfinedFolder(siteFolder), (try? site.path(PictureIndex.folderName + "/.")) != nil
        else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where Self.isStoreFile(name) && !used.contains(name) {
            if (try? site.remove("\(PictureIndex.folderName)/\(name)")) == true { removed.append(name) }
        }
        return removed
    }

    /// Writes `pictures/index.json` whole or not at all.
    public func save(_ index: PictureIndex) throws(Failure) {
        let path = "\(PictureIndex.folderName)/\(PictureIndex.fileName)"
        do {
            try ConfinedFolder(siteFolder).write(index.encoded(), to: path)
        } catch {
            throw .notWritten(path: path, reason: error.description)
        }
    }
}
