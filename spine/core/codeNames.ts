/** A table of names by code, from an object of codes by name (the reason and path lists: notServed.ts, plugin/draw/paths.ts). */
export function namesByCode<Name extends string>(codes: Readonly<Record<Name, number>>, size: number): readonly (Name | null)[] {
    const names = new Array<Name | null>(size).fill(null);
    for (const name of Object.keys(codes) as Name[]) names[codes[name]] = name;
    return Object.freeze(names);
}
