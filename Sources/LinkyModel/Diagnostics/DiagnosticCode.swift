/// Every problem linky-site reports has a stable code; the number never changes meaning.
///
/// 100s: link files and list files; 140s: `tags.yml`; 150s: `linky.yml`; 160s: templates;
/// 170s: reading files; 180s: output; 190s: `import`; 200s: the network (`check --links`, `fetch`).
public enum DiagnosticCode: String, Sendable, CaseIterable, Codable {
    case invalidFrontMatter = "LINKY100"
    case missingURL = "LINKY101"
    case missingTitle = "LINKY102"
    case invalidTags = "LINKY103"
    case invalidURL = "LINKY104"
    case invalidDate = "LINKY105"
    case invalidFieldType = "LINKY106"
    case unterminatedFrontMatter = "LINKY107"
    case unknownKey = "LINKY108"
    case duplicateLink = "LINKY109"
    case slugCollision = "LINKY110"
    case invalidCategoryIndex = "LINKY111"
    case listItemInvalidURL = "LINKY112"
    case emptyListFile = "LINKY113"
    case categoryDefinedTwice = "LINKY114"
    case invalidAlias = "LINKY115"
    case aliasConflict = "LINKY116"
    case pathMoved = "LINKY117"
    case relativeListLink = "LINKY118"
    case brokenAnchor = "LINKY119"
    case noteTooLarge = "LINKY120"
    case urlWithCredentials = "LINKY121"
    /// A list file's link written where the reader cannot make it a link (an `<a href>` in prose).
    case listLinkUnread = "LINKY122"
    /// `labels:` that is not a list or text, a label too long, or too many labels.
    case invalidLabels = "LINKY123"
    case invalidTagsFile = "LINKY140"
    case tagAliasConflict = "LINKY141"
    case unknownParentTag = "LINKY142"
    case tagParentCycle = "LINKY143"
    /// `tags rename` or `tags merge` cannot change a tag where it is written (the edit is refused whole).
    case tagEditRefused = "LINKY145"
    case invalidConfig = "LINKY150"
    case missingBaseURL = "LINKY151"
    case invalidMetadataCache = "LINKY152"
    /// `pictures/index.json` cannot be read, or names files `pictures/` does not hold.
    case invalidPictureCache = "LINKY153"
    /// `language` names a language no `i18n/<language>.yml` has words for.
    case unknownLanguage = "LINKY154"
    /// An `i18n/<language>.yml` file that cannot be read, or a word in it that no template uses.
    case invalidTranslations = "LINKY155"
    case invalidTemplate = "LINKY160"
    case missingTemplate = "LINKY161"
    case missingPartial = "LINKY162"
    /// A template looks up a name that no page ever gives it (`{{domian}}`).
    case unknownTemplateName = "LINKY163"
    case unreadableFile = "LINKY170"
    case invalidEncoding = "LINKY171"
    case missingContentFolder = "LINKY172"
    case outsideSite = "LINKY173"
    case fileTooLarge = "LINKY174"
    /// Lists, quotes, YAML, folders or tag parents nested past `ContentLimits`' depths.
    case nestedTooDeep = "LINKY175"
    /// The repository is a shallow clone: links added before its first commit have no date from history.
    case shallowHistory = "LINKY176"
    /// git is there but cannot read the site's history (another user's repository, a damaged one).
    case historyUnreadable = "LINKY177"
    case unsafeOutputFolder = "LINKY180"
    case outputWriteFailed = "LINKY181"
    case pdfToolMissing = "LINKY182"
    case pdfFailed = "LINKY183"
    case outputLocked = "LINKY184"
    /// A journal of an interrupted change or build that linky-site will not apply: written on another
    /// machine or for another folder, or naming paths that are not its own files inside the folder.
    case untrustedJournal = "LINKY185"
    /// A write or delete would leave the folder it belongs to (through a symbolic link, say).
    case outsideFolder = "LINKY186"
    /// The output would be more than the host of `host:` in linky.yml publishes (its size, its number of
    /// files, or one file's size): the build fails before the output changes.
    case outputTooLargeForHost = "LINKY187"
    case importMissingURL = "LINKY190"
    case importInvalidURL = "LINKY191"
    case importDuplicate = "LINKY192"
    case importUnreadableFile = "LINKY193"
    case importWriteFailed = "LINKY194"
    /// A file a sync wrote was edited here since, and the source changed it too: not overwritten.
    case syncEditedHere = "LINKY195"
    /// A bookmark a sync imported is no longer at the source (deleted, or without the tag).
    case syncGone = "LINKY196"
    /// A sync's fetch stopped early (a rate limit or server error that outlasted `--max-wait`): what
    /// was fetched is imported, the rest waits for the next run.
    case syncStopped = "LINKY197"
    /// The service refused the token, or has nothing at the address: nothing was imported.
    case serviceRefused = "LINKY198"
    /// `sync.json` cannot be read: nothing was imported.
    case syncRecordUnreadable = "LINKY199"
    case brokenLink = "LINKY200"
    case unreachableLink = "LINKY201"
    case movedLink = "LINKY202"
    /// A link's preview picture or its site's icon could not be used for its card (`fetch`).
    case unusablePicture = "LINKY210"
    /// A link, a redirect, a preview picture or an icon leads to a loopback, private, link-local or
    /// reserved address, and was not requested (`fetch`, `add`, `check --links` without `--allow-private`).
    case privateAddress = "LINKY211"
    /// A repository a link points at was renamed or moved: its forge redirected (`fetch`, `check --projects`).
    case projectMoved = "LINKY220"
    /// A repository a link points at does not exist any more, or is private (`fetch`, `check --projects`).
    case projectMissing = "LINKY221"
    /// A repository a link points at is archived (`check --projects`).
    case projectArchived = "LINKY222"
    /// A repository a link points at was last updated longer ago than `stale_after` (`check --projects`).
    case projectStale = "LINKY223"

    /// A short kebab-case name that says what the code is about, e.g. `missing-url`.
    public var name: String {
        switch self {
        case .invalidFrontMatter: "invalid-front-matter"
        case .missingURL: "missing-url"
        case .missingTitle: "missing-title"
        case .invalidTags: "invalid-tags"
        case .invalidURL: "invalid-url"
        case .invalidDate: "invalid-date"
        case .invalidFieldType: "invalid-field-type"
        case .unterminatedFrontMatter: "unterminated-front-matter"
        case .unknownKey: "unknown-key"
        case .duplicateLink: "duplicate-link"
        case .slugCollision: "slug-collision"
        case .invalidCategoryIndex: "invalid-category-index"
        case .listItemInvalidURL: "list-item-invalid-url"
        case .emptyListFile: "no-links"
        case .categoryDefinedTwice: "category-defined-twice"
        case .invalidAlias: "invalid-alias"
        case .aliasConflict: "alias-conflict"
        case .pathMoved: "path-moved"
        case .relativeListLink: "relative-list-link"
        case .brokenAnchor: "broken-anchor"
        case .noteTooLarge: "note-too-large"
        case .urlWithCredentials: "url-with-credentials"
        case .listLinkUnread: "list-link-unread"
        case .invalidLabels: "invalid-labels"
        case .invalidTagsFile: "invalid-tags-file"
        case .tagAliasConflict: "tag-alias-conflict"
        case .unknownParentTag: "unknown-parent-tag"
        case .tagParentCycle: "tag-parent-cycle"
        case .tagEditRefused: "tag-edit-refused"
        case .invalidConfig: "invalid-config"
        case .missingBaseURL: "missing-base-url"
        case .invalidMetadataCache: "invalid-metadata-cache"
        case .invalidPictureCache: "invalid-picture-cache"
        case .unknownLanguage: "unknown-language"
        case .invalidTranslations: "invalid-translations"
        case .invalidTemplate: "invalid-template"
        case .missingTemplate: "missing-template"
        case .missingPartial: "missing-partial"
        case .unknownTemplateName: "unknown-template-name"
        case .unreadableFile: "unreadable-file"
        case .invalidEncoding: "invalid-encoding"
        case .missingContentFolder: "missing-content-folder"
        case .outsideSite: "outside-site"
        case .fileTooLarge: "file-too-large"
        case .nestedTooDeep: "nested-too-deep"
        case .shallowHistory: "shallow-history"
        case .historyUnreadable: "history-unreadable"
        case .unsafeOutputFolder: "unsafe-output-folder"
        case .outputWriteFailed: "output-write-failed"
        case .pdfToolMissing: "pdf-tool-missing"
        case .pdfFailed: "pdf-failed"
        case .outputLocked: "output-locked"
        case .untrustedJournal: "untrusted-journal"
        case .outsideFolder: "outside-folder"
        case .outputTooLargeForHost: "output-too-large-for-host"
        case .importMissingURL: "import-missing-url"
        case .importInvalidURL: "import-invalid-url"
        case .importDuplicate: "import-duplicate"
        case .importUnreadableFile: "import-unreadable-file"
        case .importWriteFailed: "import-write-failed"
        case .syncEditedHere: "sync-edited-here"
        case .syncGone: "sync-gone"
        case .syncStopped: "sync-stopped"
        case .serviceRefused: "service-refused"
        case .syncRecordUnreadable: "sync-record-unreadable"
        case .brokenLink: "broken-link"
        case .unreachableLink: "unreachable-link"
        case .movedLink: "moved-link"
        case .unusablePicture: "unusable-picture"
        case .privateAddress: "private-address"
        case .projectMoved: "project-moved"
        case .projectMissing: "project-missing"
        case .projectArchived: "project-archived"
        case .projectStale: "project-stale"
        }
    }
}
