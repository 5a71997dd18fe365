// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link SshCredential}. */
export interface SshCredentialArgs {
  /** Who or what uses the key. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The public key as one OpenSSH line, `<type> <base64>[ <comment>]` (the contents of an `id_*.pub` file): `ssh-rsa`, `ssh-ed25519`, `ecdsa-sha2-nistp256`/`384`/`521` or a security-key (`sk-...@openssh.com`) type, checked at preview. Compared without its comment and surrounding white space (a trailing newline from reading the file is no change). Changing it replaces the resource. */
  publicKey: pulumi.Input<string>;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  acl?: pulumi.Input<pulumi.Input<string>[]>;
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. Changing it replaces the resource. */
  ownerId?: pulumi.Input<string>;
  /** Adopt an existing SshCredential (`sshcr_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An SSH public key with which agents start tunnel sessions through the service's SSH gateway (`ssh -R`), limited by its ACL. The service never sees the private key.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * import * as fs from "fs";
 *
 * const deployKey = new ngrok.SshCredential("deploy", {
 *     description: "deploy host",
 *     publicKey: fs.readFileSync("/home/deploy/.ssh/id_ed25519.pub", "utf8"),
 *     acl: ["bind:deploy.example.com"],
 * });
 * ```
 */
export class SshCredential extends NgrokResource {
  /** Who or what uses the key. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The public key as one OpenSSH line, `<type> <base64>[ <comment>]` (the contents of an `id_*.pub` file): `ssh-rsa`, `ssh-ed25519`, `ecdsa-sha2-nistp256`/`384`/`521` or a security-key (`sk-...@openssh.com`) type, checked at preview. Compared without its comment and surrounding white space (a trailing newline from reading the file is no change). Changing it replaces the resource. */
  declare public readonly publicKey: pulumi.Output<string>;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  declare public readonly acl: pulumi.Output<string[] | undefined>;
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. Changing it replaces the resource. */
  declare public readonly ownerId: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing SshCredential by its id (`sshcr_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): SshCredential {
    return new SshCredential(name, undefined as unknown as SshCredentialArgs, { ...opts, id });
  }

  constructor(name: string, args: SshCredentialArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        publicKey: undefined,
        acl: undefined,
        ownerId: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("SshCredential", name, props, opts);
  }
}
