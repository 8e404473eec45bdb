import Foundation
import LinkyModel

/// This program, as far as a state file is concerned: another binary (a new version, a rebuilt one)
/// may parse and render differently, so it drops what an earlier one stored.
///
/// The program is known by the build ID its linker wrote into it (the ELF note `perf` and `gdb` use),
/// which changes with its contents and with nothing else. Only a program without one is known by its
/// file's stamp. The stamp's change time moves when anything hard-links the file (`perf record` does,
/// into `~/.debug`; so do backup tools), which made the next build start from nothing.
///
/// The machine counts too (`JournalOwner.machineID`): state files beside an output that came from
/// elsewhere — committed to a repository, unpacked from an archive — are never read, only rebuilt.
enum ProgramIdentity {
    static let current: Fingerprint = {
        let path = "/proc/self/exe"
        let stamp = FileStamp.of(path) ?? CommandLine.arguments.first.flatMap(FileStamp.of)
        return identity(buildID: ELFBuildID.read(path), stamp: stamp)
    }()

    /// The identity of a program with this build ID, else with this file stamp, else of none at all.
    static func identity(buildID: [UInt8]?, stamp: FileStamp?) -> Fingerprint {
        var writer = ByteWriter()
        writer.int(BuildState.formatVersion)
        writer.int(JournalOwner.machineID.utf8.count)
        writer.append(Array(JournalOwner.machineID.utf8))
        if let buildID, !buildID.isEmpty {
            writer.int(1)
            writer.int(buildID.count)
            writer.append(buildID)
        } else if let stamp {
            writer.int(2)
            writer.stamp(stamp)
        } else {
            // Nothing to recognise the program by: a key no state matches.
            writer.int(3)
            writer.int64(FileStamp.now())
        }
        return Fingerprint(writer.bytes)
    }
}

/// The GNU build ID note of an ELF file (64-bit, little-endian: the machines we build for), read from
/// its program headers: a few hundred bytes, whatever the size of the file.
enum ELFBuildID {
    static func read(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count > 0, count <= 1 << 20, (try? handle.seek(toOffset: UInt64(offset))) != nil,
                let data = try? handle.read(upToCount: count), data.count == count
            else { return nil }
            return [UInt8](data)
        }
        guard let header = bytes(at: 0, count: 64) else { return nil }
        return find(header: header, read: bytes)
    }

    /// The build ID, given the file's first 64 bytes and a way to read any other range of it.
    static func find(header: [UInt8], read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> [UInt8]? {
        // "\x7fELF", 64-bit, little-endian.
        guard header.count >= 64, header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1
        else { return nil }
        let headerSize = Int(word(header, 54, 2))
        let headerCount = Int(word(header, 56, 2))
        guard let headerOffset = Int(exactly: word(header, 32, 8)), headerSize >= 56, headerCount > 0,
            let headers = read(headerOffset, headerSize * headerCount)
        else { return nil }
        for index in 0..<headerCount {
            let entry = index * headerSize
            guard word(headers, entry, 4) == 4 else { continue }  // PT_NOTE
            guard let offset = Int(exactly: word(headers, entry + 8, 8)),
                let size = Int(exactly: word(headers, entry + 32, 8)),
                let notes = read(offset, size), let id = buildID(inNotes: notes)
            else { continue }
            return id
        }
        return nil
    }

    /// The description of the first note named "GNU" of type 3 (NT_GNU_BUILD_ID) in a note segment.
    static func buildID(inNotes notes: [UInt8]) -> [UInt8]? {
        var offset = 0
        while offset + 12 <= notes.count {
            let nameSize = Int(word(notes, offset, 4))
            let descriptionSize = Int(word(notes, offset + 4, 4))
            let type = word(notes, offset + 8, 4)
            let name = offset + 12
            let description = name + (nameSize + 3) & ~3
            let next = description + (descriptionSize + 3) & ~3
            guard nameSize < notes.count, descriptionSize < notes.count, next <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4E, 0x55, 0] {
                return Array(notes[description..<description + descriptionSize])
            }
            offset = next
        }
        return nil
    }

    /// The little-endian unsigned number of `count` bytes at `offset`.
    private static func word(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in stride(from: count - 1, through: 0, by: -1) {
            value = value << 8 | UInt64(bytes[offset + index])
        }
        return value
    }
}
