// Parcel bundles the style sheets a widget imports; TypeScript needs to know such imports exist.
declare module '*.css';
