// A fontconfig setup that hides the machine's Myanmar fonts from Chromium, as on a phone without
// one (local() then finds nothing and the shop's own face is used): for slow-network.mjs and
// e2e/burmese-font.spec.ts. Start the browser with FONTCONFIG_FILE set to `file`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FONTS_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>*Myanmar*</glob></rejectfont></selectfont>
</fontconfig>
`;

/** Writes the setup in a temporary folder; `remove` deletes it. */
export function fontconfigWithoutMyanmar() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-myanmar-fonts-'));
  const file = path.join(dir, 'fonts.conf');
  fs.writeFileSync(file, FONTS_CONF);
  return {
    file,
    remove: () => {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
