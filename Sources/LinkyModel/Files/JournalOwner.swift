import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who wrote a journal: the machine and the very folder it is about. linky-site finishes a journal only
/// when both are this machine's and this folder's, so a journal that came with a cloned repository, an
/// unpacked archive or a pull request — which no process of ours ever wrote here — is refused whatever
/// it says, before its paths are even looked at.
///
/// The machine is `/etc/machine-id` (systemd's, stable across reboots, so a journal survives the power
/// cut it exists for); the folder is its device and inode, which a copy or a clone never keeps.
public struct JournalOwner: Codable, Sendable, Equatable {
    /// `/etc/machine-id` (or D-Bus's copy); empty where the system has none, and then only the folder counts.
    public var machine: String
    /// `DEVICE:INODE` of the folder the journal's paths are relative to.
    public var folder: String

    public init(machine: String, folder: String) {
        self.machine = machine
        self.folder = folder
    }

    /// This machine and `folder` (which must exist); nil when the folder cannot be read.
    public static func current(for folder: String) -> JournalOwner? {
        var status = stat()
        guard stat(folder, &status) == 0 else { return nil }
        return JournalOwner(machine: machineID, folder: "\(status.st_dev):\(status.st_ino)")
    }

    /// Read once: it does not change while a process runs.
    public static let machineID: String = {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
                !text.isEmpty
            {
                return text
            }
        }
        return ""
    }()
}
