/// Which entries a link item gets. A page's template and the partials it includes look up a known
/// set of names; an item's entry under any other name can never show, so it is not built. The
/// default theme's lists use `html` (the cached `partials/link_item`) and a few names the page
/// itself uses, which spares building the rest for every link on every list page.
struct ItemFields: Sendable {
    /// `id`: its id in `links.json` (`data-link-id`).
    var id = true
    var title = true
    var url = true
    var displayURL = true
    var domain = true
    var domainHref = true
    var favorite = true
    var hasPage = true
    /// `has_note`: whether it has a note (with `link_pages: all`, a link without one has a page too).
    var hasNote = true
    var tags = true
    var hasTags = true
    var labels = true
    var hasLabels = true
    var category = true
    var root = true
    /// `t`: the theme's words (`Site.words`).
    var strings = true
    var description = true
    var date = true
    var dateText = true
    var datetime = true
    var page = true
    var image = true
    var favicon = true
    var thumbnail = true
    var siteIcon = true
    var fallback = true
    var archiveURL = true
    var deadSince = true
    var movedTo = true
    var noteHTML = true
    var extra = true
    var secondaryLinks = true
    var hasSecondaryLinks = true
    var related = true
    /// `project`: its repository's stars, last update, licence… (`projects.json`).
    var project = true
    var html = true
    var dir = true

    static let all = ItemFields()

    private init() {}

    /// The entries a template that looks up `names` can show.
    init(names: Set<String>) {
        id = names.contains("id")
        title = names.contains("title")
        url = names.contains("url")
        displayURL = names.contains("display_url")
        domain = names.contains("domain")
        domainHref = names.contains("domain_href")
        favorite = names.contains("favorite")
        hasPage = names.contains("has_page")
        hasNote = names.contains("has_note")
        tags = names.contains("tags")
        hasTags = names.contains("has_tags")
        labels = names.contains("labels")
        hasLabels = names.contains("has_labels")
        category = names.contains("category")
        root = names.contains("root")
        strings = names.contains("t")
        description = names.contains("description")
        date = names.contains("date")
        dateText = names.contains("date_text")
        datetime = names.contains("datetime")
        page = names.contains("page")
        image = names.contains("image")
        favicon = names.contains("favicon")
        thumbnail = names.contains("thumbnail")
        siteIcon = names.contains("site_icon")
        fallback = names.contains("fallback")
        archiveURL = names.contains("archive_url")
        deadSince = names.contains("dead_since")
        movedTo = names.contains("moved_to")
        noteHTML = names.contains("note_html")
        extra = names.contains("extra")
        secondaryLinks = names.contains("secondary_links")
        hasSecondaryLinks = names.contains("has_secondary_links")
        related = names.contains("related")
        project = names.contains("project")
        html = names.contains("html")
        dir = names.contains("dir")
    }
}
