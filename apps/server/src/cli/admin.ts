import { findAdminByEmail, listAdmins, setAdminState } from "../modules/admins/index.ts";
import { resetMfa } from "../modules/auth/index.ts";
import { openForCli } from "./open-for-cli.ts";

const usage = `Usage:
  npm run admin -- list
  npm run admin -- approve <email>
  npm run admin -- disable <email>
  npm run admin -- reset-2fa <email>   (lost authenticator and recovery codes: 2FA off, sessions ended)`;

/** Owner tools from the shell, on the same database as the server (decision 0002). */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command !== "list" && command !== "approve" && command !== "disable" && command !== "reset-2fa") {
    console.error(usage);
    return 2;
  }
  if (command !== "list" && !email) {
    console.error(`An e-mail address is needed.\n${usage}`);
    return 2;
  }
  const database = await openForCli(`admin ${command}`);
  try {
    if (command === "list") {
      const { entities } = await listAdmins(database.db, { pageNumber: 1, pageSize: 100 });
      for (const admin of entities) {
        console.log(
          `${admin.status.padEnd(9)} ${admin.role.padEnd(6)} ${admin.username}  (${admin.fullName})`,
        );
      }
      if (entities.length === 0) console.log("No administrators yet.");
      return 0;
    }
    const admin = await findAdminByEmail(database.db, email ?? "");
    if (!admin) {
      console.error(`No administrator has the e-mail ${email}.`);
      return 1;
    }
    if (command === "reset-2fa") {
      await resetMfa(database.db, admin._id);
      console.log(`Two-factor sign-in is off for ${admin.username}, and its sessions are ended.`);
      return 0;
    }
    const updated = await setAdminState(
      database.db,
      admin._id,
      command === "approve" ? "active" : "disabled",
      null,
    );
    console.log(`${updated?.username} is now ${updated?.status}.`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
