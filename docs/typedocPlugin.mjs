// A TypeDoc plugin for `npm run docs` (typedoc.json "plugin").
//
// SpinePoolOptions is a type derived from the options' record (plugin/options.ts) and shown as an
// interface (`@interface`): its members' declarations are the record's entries, whose initializers
// TypeDoc would print as `= ...`. An interface's members have no initializer: that value is dropped.
//
// The guides (docs/*.md, typedoc.json "projectDocuments") are named in the site after their first
// heading (`# What the scheduler guarantees`), in the navigation and their pages' URLs, not after their file.
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
    app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
        const text = document.content.map((part) => part.text).join('');
        const heading = /^# +(.+?) *#*$/m.exec(text);
        if (heading) document.name = heading[1].replace(/`/g, '');
    });
    app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
        for (const member of context.project.getReflectionsByKind(ReflectionKind.Property)) {
            if (member.parent?.kindOf(ReflectionKind.Interface)) member.defaultValue = undefined;
        }
    });
}
