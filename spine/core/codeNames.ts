/** A table of names by code, from an object of codes by name (the reason and path lists: notServed.ts, plugin/draw/paths.ts); frozen where it is kept. */
export function namesByCode<Name extends string>(codes: Readonly<Record<Name, number>>, size: number): (Name | null)[] {
    const names = new Array<Name | null>(size).fill(null);
    for (const name of Object.keys(codes) as Name[]) names[codes[name]] = name;
    return names;
}
