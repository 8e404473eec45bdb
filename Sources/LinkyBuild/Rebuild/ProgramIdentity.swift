import Foundation

/// This program, as far as a state file is concerned: another binary (a new version, a rebuilt one)
/// may parse and render differently, so it drops what an earlier one stored.
enum ProgramIdentity {
    static let current: Fingerprint = {
        var writer = ByteWriter()
        writer.int(BuildState.formatVersion)
        if let stamp = FileStamp.of("/proc/self/exe") ?? CommandLine.arguments.first.flatMap(FileStamp.of) {
            writer.stamp(stamp)
        } else {
            // Nothing to recognise the program by: a key no state matches.
            writer.int64(FileStamp.now())
        }
        return Fingerprint(writer.bytes)
    }()
}
