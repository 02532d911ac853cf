# language: fr
Fonctionnalité: cart — suite de couverture (2 chemins, 15 étapes ; transitions prises : 14 sur 14 (liste exhaustive : 16 chemins, 51 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: cart-1
    Étant donné que la page est ouverte
    Alors le texte « Chargement du panier… » ; aucune ligne
    Quand Au démarrage, le navigateur rend le panier enregistré : 2 ligne(s)
    Alors 2 lignes : « Histoire du Château », « Constitution cantonale » ; « Quantité de Histoire du Château » à 2 ; « Quantité de Constitution cantonale » à 1 ; « Mode d'envoi » sur « Retrait au guichet » ; « Total » : « 25,90 CHF » ; pas de « Numéro de commande »
    Quand Ajouter « Carte topographique » au panier depuis la page
    Alors 3 lignes : « Histoire du Château », « Constitution cantonale », « Carte topographique » ; « Quantité de Carte topographique » à 1 ; « Total » : « 45,80 CHF »
    Quand Un autre onglet enregistre un panier de 2 ligne(s), mode d’envoi « Retrait au guichet »
    Alors 2 lignes : « Histoire du Château », « Constitution cantonale » ; « Total » : « 25,90 CHF »
    Quand La page donne le numéro de commande « A-2026-0042 »
    Alors « Numéro de commande » : « A-2026-0042 »
    Quand Le stockage du navigateur refuse l’écriture (désactivé ou plein)
    Alors le texte « Ce navigateur n'enregistre pas le panier : il sera perdu en quittant la page. »
    Quand Le stockage du navigateur accepte de nouveau l’écriture
    Alors pas de texte « Ce navigateur n'enregistre pas le panier : il sera perdu en quittant la page. »
    Quand Cliquer sur « Retirer Histoire du Château »
    Alors 1 ligne : « Constitution cantonale » ; « Total » : « 0,90 CHF »
    Quand Cliquer sur « Retirer Constitution cantonale »
    Alors le texte « Votre panier est vide. » ; le lien « Voir les publications de la boutique » ; aucune ligne
    Quand Ajouter « Carte topographique » au panier depuis la page
    Alors 1 ligne : « Carte topographique » ; « Quantité de Carte topographique » à 1 ; « Mode d'envoi » sur « Retrait au guichet » ; « Total » : « 19,90 CHF » ; « Numéro de commande » : « A-2026-0042 »
    Quand Mettre la quantité de « Carte topographique » à 2
    Alors « Quantité de Carte topographique » à 2 ; « Total » : « 39,80 CHF »
    Quand Cliquer sur « Vider le panier »
    Alors le texte « Votre panier est vide. » ; le lien « Voir les publications de la boutique » ; aucune ligne

  Scénario: cart-2
    Étant donné que la page est ouverte
    Alors le texte « Chargement du panier… » ; aucune ligne
    Quand Au démarrage, le navigateur n’a aucun panier enregistré
    Alors le texte « Votre panier est vide. » ; le lien « Voir les publications de la boutique »
    Quand Ajouter « Carte topographique » au panier depuis la page
    Alors 1 ligne : « Carte topographique » ; « Quantité de Carte topographique » à 1 ; « Mode d'envoi » sur « Envoi postal » ; « Total » : « 19,90 CHF » ; pas de « Numéro de commande »
    Quand Choisir le mode d’envoi « Retrait au guichet »
    Alors « Mode d'envoi » sur « Retrait au guichet »
    Quand Un autre onglet vide le panier
    Alors le texte « Votre panier est vide. » ; le lien « Voir les publications de la boutique » ; aucune ligne
